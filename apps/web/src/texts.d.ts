/** Where the build put the screens' texts (apps/web/texts-plugin.ts). */
declare const __TEXTS_BASE__: string;

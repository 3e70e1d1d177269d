// The screens' texts as plain JSON files of the build, at addresses the app computes
// (`/assets/texts-<hash>.<language>.<namespace>.json`) instead of one chunk per file looked up in
// a table: the table of 7 languages × 20 namespaces was 10 KB of every first page. One hash of all
// the texts names them, so a changed text gives every file a new address (they are immutable).
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { messages } from '../../packages/domain/src/messages.ts';

const LOCALES = fileURLToPath(new URL('./src/i18n/locales/', import.meta.url));

/**
 * Texts that are not files of the locales folder: the English `messages` namespace is the domain's
 * catalogue (the other languages translate it in their messages.json). As a JSON file like the
 * others it is no script to parse on a phone (it was 4.1 KB of /status's JavaScript).
 */
const FROM_THE_DOMAIN: Record<string, string> = { 'en.messages': JSON.stringify(messages) };

const textFiles = () =>
  [
    ...readdirSync(LOCALES).flatMap((language) =>
      readdirSync(join(LOCALES, language))
        .filter((file) => file.endsWith('.json'))
        .map((file) => ({ language, namespace: file.slice(0, -'.json'.length) })),
    ),
    ...Object.keys(FROM_THE_DOMAIN).map((key) => {
      const [language = '', namespace = ''] = key.split('.');
      return { language, namespace };
    }),
  ].sort((a, b) => `${a.language}.${a.namespace}`.localeCompare(`${b.language}.${b.namespace}`));

const read = (language: string, namespace: string) =>
  FROM_THE_DOMAIN[`${language}.${namespace}`] ??
  readFileSync(join(LOCALES, language, `${namespace}.json`), 'utf8');

/** The address of every text file but its `.<language>.<namespace>.json`, for the build. */
const builtBase = () => {
  const hash = createHash('sha256');
  for (const { language, namespace } of textFiles()) hash.update(read(language, namespace));
  return `/assets/texts-${hash.digest('hex').slice(0, 10)}`;
};
/** The same in the development server, which answers it from the source folder. */
const DEV_BASE = '/@texts/texts';

export const textsAsAssets = (): Plugin => {
  let base = DEV_BASE;
  return {
    name: 'eta-il-texts-as-assets',
    config: (_, { command }) => {
      base = command === 'build' ? builtBase() : DEV_BASE;
      return { define: { __TEXTS_BASE__: JSON.stringify(base) } };
    },
    configureServer: (server) => {
      server.middlewares.use((request, response, next) => {
        const match = /^\/@texts\/texts\.([a-z]{2})\.(\w+)\.json$/.exec(request.url ?? '');
        if (!match?.[1] || !match[2]) return next();
        try {
          response.setHeader('Content-Type', 'application/json');
          response.end(read(match[1], match[2]));
        } catch {
          next();
        }
      });
    },
    generateBundle() {
      // The client's build only: the prerender's bundle reads the texts itself.
      if (this.environment.config.build.ssr) return;
      for (const { language, namespace } of textFiles()) {
        this.emitFile({
          type: 'asset',
          fileName: `${base.slice(1)}.${language}.${namespace}.json`,
          source: JSON.stringify(JSON.parse(read(language, namespace))),
        });
      }
    },
  };
};

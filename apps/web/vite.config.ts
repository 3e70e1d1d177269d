import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { textsAsAssets } from './texts-plugin.ts';

/**
 * What every first page runs (React, the router, i18next, the frame, the session and the eligibility
 * questions) in one chunk: one request, and brotli compresses it better than a dozen small ones.
 * Form libraries (zod, react-hook-form, date-fns, the phone library, downshift) stay out.
 */
const FIRST_PAGE = [
  /node_modules\/(react|react-dom|scheduler|react-router|i18next|i18next-resources-to-backend|use-sync-external-store)\//,
  // react-i18next but its <Trans> (and the HTML parser it brings), which first screens do not use.
  /node_modules\/react-i18next\/dist\/es\/(?!(Icu)?Trans)/,
  /apps\/web\/src\/(App|main)\.tsx$/,
  /apps\/web\/src\/i18n\/(index|languages)\.ts$/,
  /apps\/web\/src\/session\/(draft|SessionGuard|TermsGate|reference|storage|session|hydration)\.tsx?$/,
  /apps\/web\/src\/components\/(ErrorScreen|Layout|Loader|Page|countryNames|SelectField|referenceNames|StepIndicator)\.tsx?$/,
  /apps\/web\/src\/routes\/eligibility\//,
  /packages\/domain\/src\/(journey|constants|draft|choices|reference)\.ts$/,
  /packages\/ui\/src\/(Frame|LanguageSwitcher|texts)\.tsx?$/,
];

const isFirstPage = (id: string) => FIRST_PAGE.some((re) => re.test(id));

export default defineConfig({
  plugins: [react(), textsAsAssets()],
  build: {
    target: 'es2022',
    sourcemap: false,
    // The manifest maps each screen to its chunks: the prerendered pages preload them.
    manifest: true,
    // Every browser the service supports follows <link rel="modulepreload"> itself (Safari from 17):
    // the polyfill would be half a kilobyte of script on every first page for none of them.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [{ name: 'first-page', test: isFirstPage }],
        },
      },
    },
  },
  // The prerender bundles the domain's and the shared components' TypeScript with the app.
  ssr: { noExternal: ['@eta-il/domain', '@eta-il/ui'] },
  server: { proxy: { '/api': 'http://localhost:3000', '/dev': 'http://localhost:3000' } },
  // Which files each Vitest project runs is the root vitest.config.ts's (`web`, `web-isolated`).
  test: {
    environment: 'jsdom',
    setupFiles: ['src/test/setup.ts'],
  },
});

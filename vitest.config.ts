import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

/** Server tests that replace a module (vi.mock): each in a module cache of its own. */
const SERVER_ISOLATED = [
  // The application number drawn, forced to clash with a stored one.
  'test/api/number-clash.test.ts',
];

/** Web tests that need a module cache of their own (see the `web-isolated` project). */
const WEB_ISOLATED = [
  // vi.mock: react-router's navigation, the photo's face finder.
  'src/routes/review/ReviewPage.test.tsx',
  'src/routes/passport-photo/photoQuality.test.ts',
  // The fee configuration another file's /api/config answer leaves cached.
  'src/session/TermsDialog.test.tsx',
];

// One Vitest run covers every workspace; each project keeps its own environment.
export default defineConfig({
  test: {
    projects: [
      {
        // Pure functions and their tables: the files share each worker's module cache (each one
        // imported the package afresh, date-fns and the reference lists with it: over a minute of
        // a run's CPU for 40 files that run in seconds).
        test: {
          name: 'domain',
          root: 'packages/domain',
          include: ['test/**/*.test.ts'],
          isolate: false,
        },
      },
      {
        // The shared components, each beside its test (jsdom; a test that logs console.error or
        // console.warn fails, as in the apps).
        test: {
          name: 'ui',
          root: 'packages/ui',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: [fileURLToPath(new URL('packages/ui/test/setup.ts', import.meta.url))],
        },
      },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
          // Builds dist/*.js once, which the operator command suites run (nothing when up to date).
          globalSetup: [
            fileURLToPath(new URL('apps/server/test/build-server.ts', import.meta.url)),
          ],
          testTimeout: 30_000,
          hookTimeout: 180_000,
          // One module cache per worker: the server suites share no module state (no mocks, no
          // stubbed globals; each starts its own server and database), and importing the server
          // afresh for each of 80 files cost minutes (the whole project alone: 448 s, was ~660).
          isolate: false,
          exclude: [...configDefaults.exclude, ...SERVER_ISOLATED],
        },
      },
      {
        // Server files that replace a module (vi.mock): each in its own module cache.
        test: {
          name: 'server-isolated',
          root: 'apps/server',
          include: SERVER_ISOLATED,
          testTimeout: 30_000,
          hookTimeout: 180_000,
        },
      },
      {
        // The web app's components and modules share each worker's module cache: importing React,
        // i18n and jsdom's page afresh for each of 60 files was most of the project's time (164 s
        // alone, 46 s shared). The set-up clears session storage and the DOM before each test.
        extends: 'apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          isolate: false,
          exclude: [...configDefaults.exclude, ...WEB_ISOLATED],
        },
      },
      {
        // Files that replace a module (vi.mock) or read a module's state another file changes:
        // each in its own module cache.
        extends: 'apps/web/vite.config.ts',
        test: { name: 'web-isolated', root: 'apps/web', include: WEB_ISOLATED },
      },
      {
        // The back office's screens, one component test beside each (jsdom, the fetch faked). The
        // files share each worker's module cache: each imports the domain package, whose date-fns
        // alone took ~7 s a file to load; they share no module state a test changes (the fetch is
        // stubbed per test, the i18n instance set up once and its language set before each test).
        extends: 'apps/backoffice/vite.config.ts',
        test: { name: 'office', root: 'apps/backoffice', isolate: false },
      },
      {
        // End to end: one server and one Chromium per file. The files share the run's workers
        // with the other projects: held one after another, they ran alone after everything else
        // (Vitest runs files without parallelism last), 21 of a 39-minute run. Like the server
        // suites, they share each worker's module cache (each file starts its own server).
        test: {
          name: 'e2e',
          root: 'apps/web',
          include: ['e2e/**/*.e2e.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
          isolate: false,
        },
      },
      {
        // The back office end to end: its own Chromium, beside the public suite.
        test: {
          name: 'e2e-office',
          root: 'apps/backoffice',
          include: ['e2e/**/*.e2e.test.ts'],
          environment: 'node',
          testTimeout: 240_000,
          hookTimeout: 120_000,
          isolate: false,
        },
      },
    ],
    maxWorkers: 2,
  },
});

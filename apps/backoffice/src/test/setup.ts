// Every back-office component test runs with the app's own texts (English unless a test switches
// to Hebrew), from empty storage and a clean DOM, and fails when React or the code logs an error
// or a warning it did not expect (as apps/web/src/test/setup.ts: a test that expects one says so
// with its own `vi.spyOn(console, 'error')`).
import { format } from 'node:util';
import { cleanup } from '@testing-library/react';
import i18n from 'i18next';
import { afterEach, beforeEach, vi } from 'vitest';
import { initI18n } from '../i18n.ts';

// Times read in one zone whatever the machine's: the screens show them in the browser's own.
process.env.TZ = 'UTC';

// Node's own Web Storage (without --localstorage-file, an undefined localStorage) hides jsdom's:
// the screens keep the language choice in the page's storage, as in a browser.
const page = (globalThis as unknown as { jsdom: { window: Window } }).jsdom.window;
for (const storage of ['localStorage', 'sessionStorage'] as const) {
  Object.defineProperty(globalThis, storage, { value: page[storage], configurable: true });
}

// jsdom lacks these; the error summary's links find a field by CSS.escape and scroll it into view,
// and the web app's modal dialog (the second look before a refusal) calls showModal and close.
globalThis.CSS ??= {} as typeof CSS;
CSS.escape ??= (value: string) => value.replace(/[^\w-]/g, (c) => `\\${c}`);
Element.prototype.scrollIntoView ??= () => {};
HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
  this.open = true;
};
HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
  this.open = false;
};

// The app's i18next instance, as main.tsx starts it (once a worker: the files share its modules);
// a case view's texts add themselves to it.
if (!i18n.isInitialized) {
  localStorage.setItem('office-language', 'en');
  await initI18n();
}

const original = { error: console.error, warn: console.warn };
let logged: string[] = [];

/**
 * What jsdom alone makes React say: jsdom 26 does not know the <search> landmark (HTML 2023), which
 * every browser the office supports does. Nothing else is let through.
 */
const JSDOM_GAPS = [/^The tag <search> is unrecognized in this browser\./];

beforeEach(async () => {
  sessionStorage.clear();
  localStorage.clear();
  window.history.replaceState(null, '', '/');
  await i18n.changeLanguage('en');
  logged = [];
  for (const level of ['error', 'warn'] as const) {
    console[level] = (...args: unknown[]) => {
      const text = format(...args);
      if (JSDOM_GAPS.some((gap) => gap.test(text))) return;
      logged.push(`console.${level}: ${text}`);
      original[level](...args);
    };
  }
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  console.error = original.error;
  console.warn = original.warn;
  if (logged.length > 0)
    throw new Error(
      `the test logged what a member of staff's console must not show:\n${logged.join('\n')}`,
    );
});

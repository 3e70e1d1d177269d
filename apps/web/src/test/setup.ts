// Every component test starts from empty session storage and a clean DOM, and fails when React or
// the code logs an error or a warning it did not expect (a test that expects one says so with its
// own `vi.spyOn(console, 'error')`).

import { format } from 'node:util';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { forgetFee } from '../components/fee.ts';

// jsdom lacks these; focusing a field after a failed submit uses them. (Node-environment tests
// share this set-up and have no DOM.)
if (typeof Element !== 'undefined') {
  globalThis.CSS ??= {} as typeof CSS;
  CSS.escape ??= (value: string) => value.replace(/[^\w-]/g, (c) => `\\${c}`);
  Element.prototype.scrollIntoView ??= () => {};
}

const original = { error: console.error, warn: console.warn };
let logged: string[] = [];

beforeEach(() => {
  globalThis.sessionStorage?.clear();
  // The files share a module cache: no test starts with the fee terms another one loaded.
  forgetFee();
  logged = [];
  for (const level of ['error', 'warn'] as const) {
    console[level] = (...args: unknown[]) => {
      logged.push(`console.${level}: ${format(...args)}`);
      original[level](...args);
    };
  }
});

afterEach(() => {
  cleanup();
  console.error = original.error;
  console.warn = original.warn;
  if (logged.length > 0)
    throw new Error(
      `the test logged what a traveller's console must not show:\n${logged.join('\n')}`,
    );
});

// Every component test of the shared package starts from a clean DOM and fails when React or the
// code logs an error or a warning it did not expect, as in the apps (apps/web/src/test/setup.ts).
import { format } from 'node:util';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';

// jsdom lacks these; focusing a field uses them.
globalThis.CSS ??= {} as typeof CSS;
CSS.escape ??= (value: string) => value.replace(/[^\w-]/g, (c) => `\\${c}`);
Element.prototype.scrollIntoView ??= () => {};

const original = { error: console.error, warn: console.warn };
let logged: string[] = [];

beforeEach(() => {
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
  document.body.innerHTML = '';
  console.error = original.error;
  console.warn = original.warn;
  if (logged.length > 0)
    throw new Error(`the test logged what a reader's console must not show:\n${logged.join('\n')}`);
});

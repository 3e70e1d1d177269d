// Every component test starts from empty session storage and a clean DOM.
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';

// jsdom lacks these; focusing a field after a failed submit uses them. (Node-environment tests
// share this set-up and have no DOM.)
if (typeof Element !== 'undefined') {
  globalThis.CSS ??= {} as typeof CSS;
  CSS.escape ??= (value: string) => value.replace(/[^\w-]/g, (c) => `\\${c}`);
  Element.prototype.scrollIntoView ??= () => {};
}

beforeEach(() => globalThis.sessionStorage?.clear());
afterEach(() => cleanup());

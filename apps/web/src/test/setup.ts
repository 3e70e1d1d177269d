// Every component test starts from empty session storage and a clean DOM.
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';

// jsdom lacks these; focusing a field after a failed submit uses them.
globalThis.CSS ??= {} as typeof CSS;
CSS.escape ??= (value: string) => value.replace(/[^\w-]/g, (c) => `\\${c}`);
Element.prototype.scrollIntoView ??= () => {};

beforeEach(() => sessionStorage.clear());
afterEach(() => cleanup());

// The photo-check worker when the server runs from its TypeScript sources (tests, `npm run
// serve`): a worker thread does not inherit the tsx loader, so it registers it, then loads the
// worker itself. The built server loads dist/photo-check-worker.js instead.
import { register } from 'tsx/esm/api';

register();
const worker = await import('./photo-check-worker.ts');

export default worker.default;
export const warm = worker.warm;

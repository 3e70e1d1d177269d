// A port nobody listens on, for an office app whose own origin (BACKOFFICE_URL, checked against
// every state-changing call's Origin) must be known before it starts.

import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });

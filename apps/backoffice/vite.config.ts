import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// The officers' app: served by the server on OFFICE_PORT (office/app.ts), one chunk per screen.
export default defineConfig({
  plugins: [react()],
  build: { target: 'es2022', sourcemap: false },
  server: { proxy: { '/office/api': 'http://localhost:3001' } },
  // Component tests: each screen beside its test, in jsdom, with the web app's rule that a test
  // which logs console.error or console.warn fails (src/test/setup.ts).
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
  },
});

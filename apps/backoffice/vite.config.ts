import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// The officers' app: served by the server on OFFICE_PORT (office/app.ts), one chunk per screen.
export default defineConfig({
  plugins: [react()],
  build: { target: 'es2022', sourcemap: false },
  server: { proxy: { '/office/api': 'http://localhost:3001' } },
});

import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The operator console, served by the API server at /admin/ (history mode). */
export default defineConfig({
  base: '/admin/',
  plugins: [react()],
  build: { target: 'es2020', sourcemap: false, chunkSizeWarningLimit: 1500 },
  server: { proxy: { '/admin-api': 'http://localhost:3000', '/v1': 'http://localhost:3000' } },
});

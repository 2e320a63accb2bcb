import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { keepPreviousAssets } from '../web/keep-previous-assets.ts';

/** The operator console, served by the API server at /admin/ (history mode). */
export default defineConfig({
  base: '/admin/',
  // A console page open while the console is rebuilt in place (a deploy) still finds its chunks:
  // the previous builds' files stay (as the shop's do, docs/operations.md "Deploys without 404s").
  plugins: [react(), keepPreviousAssets()],
  build: {
    target: 'es2020',
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    emptyOutDir: false,
    // WEB_BUILD_ID: the release's name in its files' names (the deploy check builds twice from one checkout).
    rolldownOptions: process.env.WEB_BUILD_ID
      ? {
          output: {
            entryFileNames: `assets/[name]-[hash]-${process.env.WEB_BUILD_ID}.js`,
            chunkFileNames: `assets/[name]-[hash]-${process.env.WEB_BUILD_ID}.js`,
            assetFileNames: `assets/[name]-[hash]-${process.env.WEB_BUILD_ID}[extname]`,
          },
        }
      : {},
  },
  server: { proxy: { '/admin-api': 'http://localhost:3000', '/v1': 'http://localhost:3000' } },
});

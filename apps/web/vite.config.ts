import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:8000', '/accounts': 'http://127.0.0.1:8000' },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    manifest: true,
    chunkSizeWarningLimit: 1500,
    // Every browser the app supports preloads modules itself.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // What the first page runs (every module the entry imports statically) in one file
          // beside the entry, not in a score of small shared pieces: fewer requests, and gzip
          // compresses the whole better than its parts (docs/decisions.md, "Sign-in bundle").
          groups: [{ name: 'app', tags: ['$initial'] }],
        },
      },
    },
  },
});

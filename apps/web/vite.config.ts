import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type UserConfig } from 'vite';

/**
 * Mantine's ScrollArea (inside every Table, Select and Modal) merges refs with floating-ui's
 * helper, which brings the whole positioning engine (≈15 KB gzip) to every page with a table;
 * Mantine's own `useMergedRef` does the same job. Same line, so the source map stays exact.
 */
const scrollAreaWithoutFloatingUi: Plugin = {
  name: 'scroll-area-without-floating-ui',
  transform(code, id) {
    if (!/@mantine[\\/]core[\\/]esm[\\/]components[\\/]ScrollArea[\\/]ScrollArea\.mjs$/.test(id)) return null;
    const from = 'import { useMergeRefs } from "@floating-ui/react";';
    if (!code.includes(from)) throw new Error("Mantine's ScrollArea changed: see apps/web/vite.config.ts");
    const to =
      'import { useMergedRef } from "@mantine/hooks"; const useMergeRefs = (refs) => useMergedRef(...refs);';
    return { code: code.replace(from, to), map: null };
  },
};

export default defineConfig(({ command }) => {
  // npm sets NODE_ENV=production for every script when devDependencies are omitted by default
  // (.npmrc `omit=dev`, issue 35): the dev server still serves React's development build.
  if (command === 'serve') process.env.NODE_ENV = 'development';
  return config;
});

const config: UserConfig = {
  plugins: [react(), scrollAreaWithoutFloatingUi],
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
};

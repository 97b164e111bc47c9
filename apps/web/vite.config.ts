import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rolldown, type UserConfig } from 'vite';
import { arrivalPages } from './src/app/arrival-pages';

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

/**
 * Writes into index.html, as a JSON block (data, which the CSP allows), the files each module of
 * `src/app/arrival-pages.ts` brings beyond what the entry brings: its chunk, the chunks it imports,
 * their CSS. `public/early-requests.js` preloads those of the page at the address when a token is
 * stored, beside the entry's own download instead of after it has run (issue 35). The pages' texts
 * are listed per language (`texts:ko`, `texts:en`: the catalogs lib/i18n.ts loads for a page).
 */
const arrivalPreloads: Plugin = {
  name: 'arrival-preloads',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler(html, ctx) {
      const chunks = Object.values(ctx.bundle ?? {}).filter(
        (o): o is Rolldown.OutputChunk => o.type === 'chunk',
      );
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const closure = (files: string[]) => {
        const seen = new Set<string>();
        const walk = (file: string) => {
          if (seen.has(file)) return;
          seen.add(file);
          for (const imported of byFile.get(file)?.imports ?? []) walk(imported);
        };
        for (const file of files) walk(file);
        return seen;
      };
      const entry = chunks.filter((c) => c.isEntry).map((c) => c.fileName);
      if (entry.length === 0) throw new Error('arrival-preloads: no entry chunk');
      const withTheEntry = closure(entry);
      const facades = (test: (id: string) => boolean) =>
        chunks.filter((c) => c.facadeModuleId && test(c.facadeModuleId.replaceAll('\\', '/')));
      const filesOf = (roots: Rolldown.OutputChunk[], what: string) => {
        if (roots.length === 0)
          throw new Error(`arrival-preloads: no chunk of its own for ${what} (arrival-pages.ts)`);
        const js = [...closure(roots.map((c) => c.fileName))].filter((f) => !withTheEntry.has(f));
        const css = js.flatMap((f) => [...(byFile.get(f)?.viteMetadata?.importedCss ?? [])]);
        return [...js, ...new Set(css)];
      };
      const modules: Record<string, string[]> = {};
      for (const key of new Set(arrivalPages.flatMap((p) => p.modules))) {
        if (key === 'texts') {
          for (const lang of ['ko', 'en'])
            modules[`texts:${lang}`] = facades((id) =>
              new RegExp(`/locales/${lang}/(base|common|messages)\\.json$`).test(id),
            ).flatMap((c) => filesOf([c], `texts:${lang}`));
          continue;
        }
        modules[key] = filesOf(
          facades((id) => id.replace(/\.[jt]sx?$/, '').endsWith(`/src/${key}`)),
          key,
        );
      }
      const files = [...new Set(Object.values(modules).flat())];
      const table = {
        files,
        modules: Object.fromEntries(
          Object.entries(modules).map(([k, v]) => [k, v.map((f) => files.indexOf(f))]),
        ),
        pages: arrivalPages.map((p) => [p.path.source, p.modules]),
      };
      return {
        html,
        tags: [
          {
            tag: 'script',
            attrs: { type: 'application/json', id: 'pw-arrivals' },
            children: JSON.stringify(table).replaceAll('<', '\\u003c'),
            injectTo: 'head-prepend',
          },
        ],
      };
    },
  },
};

export default defineConfig(({ command }) => {
  // npm sets NODE_ENV=production for every script when devDependencies are omitted by default
  // (.npmrc `omit=dev`, issue 35): the dev server still serves React's development build.
  if (command === 'serve') process.env.NODE_ENV = 'development';
  return config;
});

const config: UserConfig = {
  plugins: [react(), scrollAreaWithoutFloatingUi, arrivalPreloads],
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

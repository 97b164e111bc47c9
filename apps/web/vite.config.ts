import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, defineConfig, type Plugin, type Rolldown, type UserConfig } from 'vite';
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
      // The chunks holding a module: its own, or its area's (`arrivalAreas` below).
      const holding = (test: (id: string) => boolean) =>
        chunks.filter((c) => c.moduleIds.some((id) => test(id.replaceAll('\\', '/'))));
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
            modules[`texts:${lang}`] = holding((id) =>
              new RegExp(`/locales/${lang}/(base|common|messages)\\.json$`).test(id),
            ).flatMap((c) => filesOf([c], `texts:${lang}`));
          continue;
        }
        modules[key] = filesOf(
          holding((id) => isModule(id, key)),
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

/**
 * Files for the pages people arrive on, by area (issue 35). Left to itself the bundler splits the
 * code the lazy pages share into one file per set of pages that use it: 40–64 files of 1–2 KB
 * each for a signed-in page, which a phone's link fetches six at a time, a round trip each
 * (Lighthouse mobile, HTTP/1.1: the essay page 79 → 92 with them merged). So the build runs twice:
 * the first pass (default splitting, nothing written) shows which of its files each area's modules
 * import, directly or not; the second puts the modules of each file into the file of the areas
 * that use it. The areas form a tree: a page is loaded with the areas above it (the signed-in frame
 * on every signed-in page, the course's gate on every course page, the learner's step page under
 * the essay editor, the report and the peer review). What several areas use goes to the lowest
 * area that all of them bring: a page may fetch a few KB it does not run, which costs a phone less
 * than a file of its own (one file for each set of pages gave the course page 16 files instead of
 * 3, and more bytes, as gzip packs one file better than its parts). Pages outside the tree (the
 * help, the settings, the organisation's screens) import these files like any other.
 */
const areaTree: { area: string; modules: string[]; under?: string }[] = [
  { area: 'frame', modules: ['app/SignedInRoutes', 'app/AppLayout'] },
  { area: 'dashboard', modules: ['app/dashboard/DashboardPage'], under: 'frame' },
  { area: 'course', modules: ['app/CourseGate'], under: 'frame' },
  { area: 'course-page', modules: ['app/course/CoursePage'], under: 'course' },
  { area: 'management', modules: ['features/assignments/routes/AssignmentManagementPage'], under: 'course' },
  {
    area: 'step',
    modules: ['app/performances/PerformancesLayout', 'app/performances/WorkPage'],
    under: 'course',
  },
  { area: 'editor', modules: ['components/RichText'], under: 'step' },
  { area: 'report', modules: ['features/reports/routes/ReportPage'], under: 'step' },
  {
    area: 'review',
    modules: ['features/reviewing/components/PeerReview', 'features/reviewing/components/Calibration'],
    under: 'step',
  },
];

/** Whether a module id is that of `src/<key>` (a key of arrival-pages.ts or areaTree). */
const isModule = (id: string, key: string) =>
  id
    .replaceAll('\\', '/')
    .replace(/\.[jt]sx?$/, '')
    .endsWith(`/src/${key}`);

/** An area and those above it, itself first. */
function lineOf(area: string): string[] {
  const node = areaTree.find((n) => n.area === area);
  return node?.under ? [area, ...lineOf(node.under)] : [area];
}

/** The file of what a set of areas uses: the lowest area all of them bring (the frame at least). */
function areaFileOf(users: string[]): string {
  return users.map(lineOf).reduce((a, b) => a.filter((x) => b.includes(x)))[0] ?? 'frame';
}

/** Each module's area file, from the first pass's files (see above); other modules are left be. */
function arrivalAreas(chunks: Rolldown.OutputChunk[]): Map<string, string> {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const closure = (roots: Rolldown.OutputChunk[]) => {
    const seen = new Set<string>();
    const walk = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const imported of byFile.get(file)?.imports ?? []) walk(imported);
    };
    for (const root of roots) walk(root.fileName);
    return seen;
  };
  const withTheEntry = closure(chunks.filter((c) => c.isEntry));
  const users = new Map<string, string[]>();
  for (const { area, modules } of areaTree) {
    const roots = chunks.filter((c) => c.moduleIds.some((id) => modules.some((key) => isModule(id, key))));
    if (roots.length === 0) throw new Error(`arrival areas: no module for ${area} (vite.config.ts)`);
    for (const file of closure(roots))
      if (!withTheEntry.has(file)) users.set(file, [...(users.get(file) ?? []), area]);
  }
  const areas = new Map<string, string>();
  for (const [file, areasUsing] of users)
    for (const id of byFile.get(file)?.moduleIds ?? []) areas.set(id, areaFileOf(areasUsing));
  return areas;
}

/**
 * The second pass's groups, one per area. A group also takes what its modules import that no group
 * has taken before it, and that is always in the area itself or one above it: so the areas with
 * more under them go first, or a page's file would take what the frame holds.
 */
function areaGroups(areas: Map<string, string>): Rolldown.CodeSplittingGroup[] {
  const under = (area: string) => areaTree.filter((n) => lineOf(n.area).includes(area)).length;
  return [...new Set(areas.values())].map((area) => ({
    name: area,
    priority: under(area),
    test: (id: string) => areas.get(id) === area,
  }));
}

/** The first pass: the same build with default splitting, nothing written. */
async function firstPass(): Promise<Map<string, string>> {
  process.env.PW_FIRST_PASS = '1';
  try {
    const result = await build({
      configFile: fileURLToPath(import.meta.url),
      logLevel: 'silent',
      build: { write: false, sourcemap: false, minify: false },
    });
    const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
    const chunks = outputs
      .flatMap((o) => o.output)
      .filter((o): o is Rolldown.OutputChunk => o.type === 'chunk');
    return arrivalAreas(chunks);
  } finally {
    delete process.env.PW_FIRST_PASS;
  }
}

export default defineConfig(async ({ command }) => {
  // npm sets NODE_ENV=production for every script when devDependencies are omitted by default
  // (.npmrc `omit=dev`, issue 35): the dev server still serves React's development build.
  if (command === 'serve') process.env.NODE_ENV = 'development';
  const areas = command === 'build' && !process.env.PW_FIRST_PASS ? await firstPass() : new Map();
  return configWith(areas);
});

function configWith(areas: Map<string, string>): UserConfig {
  return {
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
            groups: [{ name: 'app', tags: ['$initial'], priority: 1000 }, ...areaGroups(areas)],
          },
        },
      },
    },
  };
}

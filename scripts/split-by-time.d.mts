// Types of split-by-time.mjs, a plain ES module the test runner (scripts/test.mjs) imports, for
// its unit test (split-by-time.test.ts), which `npm run typecheck` checks (scripts/tsconfig.json).
export interface TimedGroup {
  seconds: number;
  files: string[];
}

export function splitByTime(files: string[], timings: Record<string, number>, parts: number): TimedGroup[];

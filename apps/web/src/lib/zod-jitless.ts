// Zod 4 probes whether it may compile parsers with `new Function` the first time an object
// schema is built. Our Content-Security-Policy forbids eval, so the probe fails — and the
// browser reports the violation in the console (Lighthouse's best practices counts it). Its
// `jitless` setting skips the probe; it is read when a schema is built, so this runs first
// (main.tsx imports it before anything else). It works on zod's global configuration object
// directly, so the first script carries no zod code for it.
type ZodGlobal = { __zod_globalConfig?: { jitless?: boolean } };
const holder = globalThis as ZodGlobal;
holder.__zod_globalConfig ??= {};
holder.__zod_globalConfig.jitless = true;

export {};

// The endpoint table without its schemas (no zod): one const per endpoint, so a page's bundle
// takes only the endpoints it calls. The schemas are `endpointSchemas` (./schemas.ts, exported by
// the package's main entry), keyed by the same names. Issue 28 item 5.
export * from './accounts';
export * from './assignments';
export * from './courses';
export * from './endpoint';
export * from './enrolls';
export * from './files';
export * from './lti';
export * from './manager';
export * from './notifications';
export * from './organisations';
export * from './performances';
export * from './posts';
export * from './profile';
export * from './reports';
export * from './results';
export * from './reviews';
export * from './supports';

export * from './assignments';
export * from './courses';
export * from './files';
export * from './organisations';
export * from './posts';
export * from './settings';
export * from './supports';
export * from './users';

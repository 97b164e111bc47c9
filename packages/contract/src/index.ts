export * from './accounts';
export * from './constants';
export * from './errors';
export * from './messages';
export * from './organisations';
export * from './pagination';
export * from './profile';
export * from './supports';

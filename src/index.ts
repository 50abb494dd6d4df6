export type * from './core/types.js';
export * from './history/index.js';

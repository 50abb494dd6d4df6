export type * from './core/types.js';

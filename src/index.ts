/** The library API of `reduce`. */
export type * from './core/types.js';
export { reduceOutput, reduceOutputSync, saveTextArtifact, reduceText, type ReduceInput, type ReduceResult } from './api.js';
export { runCommand, ingestOutput, type RunCommandOptions, type IngestOptions, type ReduceOptions, type RunOutcome } from './capture/run-command.js';
export { loadConfig, defaultConfig, type Config } from './config.js';
export { reducers } from './reducers/registry.js';
export { renderText } from './render/text.js';
export { renderJson as renderPacketJson } from './render/json.js';
export * from './history/index.js';

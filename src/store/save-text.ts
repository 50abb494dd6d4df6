/** Storing text that did not come from a command (history trimming): see ../api.ts. */
export { saveTextArtifact, reduceText } from '../api.js';

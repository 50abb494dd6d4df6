/** Test helpers: validity of a rendered output, and the text the model would read from it. */
import { blockText } from '../../src/history/model.js';
import { findApiIssues, parseHistory, type ValidityIssue } from '../../src/history/index.js';

/** Re-reads a rendered output and lists its API-validity issues. */
export function issuesOf(output: unknown): ValidityIssue[] {
  const parsed = parseHistory(output);
  return parsed.conversations.flatMap((c) => findApiIssues(c, parsed.format));
}

/** Every block of the output as `kind:text`, in order (first conversation). */
export function blocksOf(output: unknown): string[] {
  const parsed = parseHistory(output);
  return (parsed.conversations[0]?.messages ?? []).flatMap((m) => m.blocks.map((b) => `${m.role}/${b.kind}:${blockText(b)}`));
}

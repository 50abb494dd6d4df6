import fs from 'node:fs';
import path from 'node:path';

/**
 * Which packets sent the agent back for more: every `reduce inspect` (CLI or MCP) appends the id
 * it read to `<outputs>/.inspections.jsonl`. Best effort: a log that cannot be written never
 * stops an inspect. `reduce stats` reads it.
 */

const FILE = '.inspections.jsonl';

export function recordInspect(dir: string, id: string, at = new Date()): void {
  try {
    fs.appendFileSync(path.join(dir, FILE), JSON.stringify({ id, at: at.toISOString() }) + '\n', { mode: 0o600 });
  } catch {
    // not worth failing the read for
  }
}

/** Ids inspected at least once (after their creation), from the log. */
export function inspectedIds(dir: string): Set<string> {
  const ids = new Set<string>();
  let text: string;
  try {
    text = fs.readFileSync(path.join(dir, FILE), 'utf8');
  } catch {
    return ids;
  }
  for (const line of text.split('\n')) {
    try {
      const entry = JSON.parse(line) as { id?: unknown };
      if (typeof entry.id === 'string') ids.add(entry.id);
    } catch {
      // a torn last line from a concurrent append
    }
  }
  return ids;
}

/**
 * Detection from content, for output piped in with no argv: cheap looks at the first lines that say
 * whether the text is a table, a log, `key: value` records or a list. Each returns a score for
 * detect(); a diff or an output that is mostly errors scores 0 here, so its own reducer keeps it.
 */
import { classifyLine } from './classify.js';
import { looksLikeDiff } from './diff-stat.js';
import { ItemList } from './item-list.js';
import { accessOf, levelOf } from './log-problems.js';
import { keysMakeRecords, keyValueOf } from './record-blocks.js';
import { TableScanner, gridColumns } from './table-scan.js';
import { withoutLineNumbers } from './source.claims.js';

/** Lines of the head looked at. */
const LOOK = 40;

function headLines(head: string): string[] {
  const lines = head.split('\n', LOOK + 1);
  // The last line of a head cut mid-way may be partial.
  if (lines.length > LOOK) lines.length = LOOK;
  return lines;
}

function nonBlank(lines: readonly string[]): string[] {
  return lines.filter((l) => l.trim() !== '');
}

/** A table whose rows make up most of the head: psql/mysql boxes score higher than aligned text. */
export function tableScore(head: string): number {
  if (looksLikeDiff(head)) return 0;
  const lines = headLines(head);
  const scanner = new TableScanner();
  let inTable = 0;
  lines.forEach((text, i) => {
    if (scanner.line('stdout', i + 1, text)) inTable++;
  });
  scanner.close();
  const table = scanner.done[0];
  // No header anywhere: a grid of aligned columns still reads as a table, below a list's score (`ls -l` lines up too).
  if (!table) return gridColumns(nonBlank(lines)) ? 0.5 : 0;
  if (table.rows < 2) return 0;
  const share = inTable / Math.max(1, nonBlank(lines).length);
  if (table.kind === 'psql' || table.kind === 'mysql' || table.kind === 'box') return share >= 0.5 ? 0.7 : 0.55;
  if (table.kind === 'csv' || table.kind === 'tsv') return share >= 0.9 && table.columns.length >= 2 ? 0.55 : 0;
  return share >= 0.6 ? 0.55 : 0;
}

/** Most lines are `key: value` (indented continuation lines and separators aside). */
export function recordScore(head: string): number {
  if (looksLikeDiff(head)) return 0;
  let kv = 0;
  let other = 0;
  let pipe = false;
  const perKey = new Map<string, number>();
  for (const text of headLines(head)) {
    if (text.trim() === '' || /^\s/.test(text)) continue;
    if (text.startsWith('-[ RECORD')) {
      pipe = true;
      continue;
    }
    const field = keyValueOf(text, pipe);
    if (field) {
      kv++;
      perKey.set(field.key, (perKey.get(field.key) ?? 0) + 1);
    } else other++;
  }
  return kv >= 4 && kv >= (kv + other) * 0.7 && keysMakeRecords(perKey, kv) ? 0.55 : 0;
}

/** Most lines are one item each of one kind (paths, grep matches, status letters, sizes). */
export function listScore(head: string): number {
  // Line numbers before a file's lines (`cat -n`) read as sizes: the file is no list.
  if (looksLikeDiff(head) || withoutLineNumbers(head) !== null) return 0;
  const lines = nonBlank(headLines(head));
  if (lines.length < 3) return 0;
  const list = new ItemList();
  lines.forEach((text, i) => list.line('stdout', i + 1, text));
  const kind = list.kind;
  if (!kind || list.kinds.get(kind)! < lines.length * 0.8) return 0;
  // Compiler diagnostics look like grep matches (`a.c:3:1: error: …`): those belong to their reducers.
  if (lines.filter((l) => classifyLine(l) !== null).length > lines.length * 0.2) return 0;
  return 0.55;
}

/** Most lines carry a level word, a `level=` key, a klog/syslog prefix, or are access-log lines. */
export function logScore(head: string): number {
  if (looksLikeDiff(head)) return 0;
  const lines = nonBlank(headLines(head));
  if (lines.length < 3) return 0;
  let hits = 0;
  for (const text of lines) if (accessOf(text) || levelOf(text)) hits++;
  return hits >= lines.length * 0.7 ? 0.6 : hits >= lines.length * 0.5 ? 0.55 : 0;
}

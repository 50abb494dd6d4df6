/** Renders `HistoryStats` as aligned text tables: per turn always, per call with `calls`. */
import { MESSAGE_OVERHEAD } from './tokens.js';
import type { HistoryStats } from './stats.js';

function count(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

function saved(before: number, after: number | undefined): string {
  if (before === 0 || after === undefined) return '-';
  return `${(((before - after) / before) * 100).toFixed(1)}%`;
}

/** Lays out rows as columns: numbers right-aligned, the last column left-aligned. */
export function formatTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((h, c) => Math.max(h.length, ...rows.map((r) => (r[c] ?? '').length)));
  const line = (cells: readonly string[]): string =>
    cells
      .map((cell, c) => (c === cells.length - 1 ? cell : cell.padStart(widths[c] ?? 0)))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)].join('\n');
}

function stageHeaders(stats: HistoryStats): string[] {
  return [...stats.variants];
}

/** The per-turn table with a total line. */
export function renderTurnTable(stats: HistoryStats): string {
  const stages = stageHeaders(stats);
  const multi = stats.conversations > 1;
  const header = [
    ...(multi ? ['conv'] : []),
    'turn',
    'calls',
    '1st:before',
    ...stages.map((s) => `1st:${s}`),
    'sum:before',
    ...stages.map((s) => `sum:${s}`),
    'saved',
    'prompt',
  ];
  const rows = stats.turns.filter((t) => t.calls > 0).map((t) => [
    ...(multi ? [String(t.conversation + 1)] : []),
    String(t.turn),
    String(t.calls),
    t.firstCall ? count(t.firstCall.before) : '-',
    ...stages.map((_, s) => (t.firstCall ? count(t.firstCall.after[s] ?? 0) : '-')),
    count(t.total.before),
    ...stages.map((_, s) => count(t.total.after[s] ?? 0)),
    saved(t.total.before, t.total.after[t.total.after.length - 1]),
    t.prompt,
  ]);
  const total = [
    ...(multi ? [''] : []),
    'total',
    String(stats.total.calls),
    '',
    ...stages.map(() => ''),
    count(stats.total.before),
    ...stages.map((_, s) => count(stats.total.after[s] ?? 0)),
    saved(stats.total.before, stats.total.after[stats.total.after.length - 1]),
    '',
  ];
  return formatTable(header, [...rows, total]);
}

/** The per-call table. */
export function renderCallTable(stats: HistoryStats): string {
  const stages = stageHeaders(stats);
  const multi = stats.conversations > 1;
  const header = [...(multi ? ['conv'] : []), 'call', 'turn', 'messages', 'before', ...stages, 'saved'];
  const rows = stats.calls.map((c) => [
    ...(multi ? [String(c.conversation + 1)] : []),
    String(c.call),
    String(c.turn),
    String(c.messages),
    count(c.before),
    ...stages.map((_, s) => count(c.after[s] ?? 0)),
    saved(c.before, c.after[c.after.length - 1]),
  ]);
  return formatTable(header, rows);
}

function share(part: number, whole: number): string {
  return whole === 0 ? '-' : `${((part / whole) * 100).toFixed(1)}%`;
}

/** Per variant: plain sum, prefix-stable calls, and the sum with a prompt cache priced in. */
export function renderCacheTable(stats: HistoryStats): string {
  const { cache, total } = stats;
  const header = ['', 'sum', 'saved', 'prefix-stable', `cache-priced (x${cache.cacheReadPrice})`, 'saved', 'variant'];
  const row = (name: string, sum: number, stable: number, priced: number): string[] => [
    '',
    count(sum),
    name === 'before' ? '-' : saved(total.before, sum),
    `${stable}/${cache.followingCalls} ${share(stable, cache.followingCalls)}`,
    count(priced),
    name === 'before' ? '-' : saved(cache.priced.before, priced),
    name,
  ];
  const rows = [
    row('before', total.before, cache.stable.before, cache.priced.before),
    ...stats.variants.map((name, s) => row(name, total.after[s] ?? 0, cache.stable.after[s] ?? 0, cache.priced.after[s] ?? 0)),
  ];
  return formatTable(header, rows).replace(/^ {2}/gm, '');
}

/** The full text report: a header, the turn table, and the call table when asked. */
export function renderStats(stats: HistoryStats, options: { calls?: boolean } = {}): string {
  const turns = stats.turns.filter((t) => t.turn > 0).length;
  const lines = [
    `format: ${stats.format} (${stats.container}); ${stats.conversations} conversation${stats.conversations === 1 ? '' : 's'}, ${turns} turns, ${stats.total.calls} model calls`,
    `tokens: ${stats.tokenizer}, counting message text, tool calls and tool outputs (+${MESSAGE_OVERHEAD} per message); 1st = the turn's first model call, sum = all its calls; trim and mask run dry (nothing stored)`,
    '',
    renderTurnTable(stats),
  ];
  const silent = stats.turns.filter((t) => t.calls === 0).length;
  if (silent > 0) lines.push(`(${silent} turn${silent === 1 ? '' : 's'} without a model call not shown; --json lists them)`);
  lines.push(
    '',
    `prefix-stable = calls whose prompt is the previous call's prompt plus new messages; cache-priced = leading messages unchanged since the previous call at x${stats.cache.cacheReadPrice}, the rest at x1`,
    renderCacheTable(stats),
  );
  if (options.calls) lines.push('', renderCallTable(stats));
  return `${lines.join('\n')}\n`;
}

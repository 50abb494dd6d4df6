import { Command } from 'commander';
import { loadConfig } from '../config.js';
import { parseDuration } from '../core/duration.js';
import { count } from '../core/format.js';
import { UsageError } from '../errors.js';
import { resolveOutputsDir } from '../store/outputs-dir.js';
import type { Usage, UsageRow } from '../store/usage.js';
import { writeOut } from './output.js';

/** `reduce stats`: tokens saved per family and per day. The tokenizer loads only here. */
export function statsCommand(): Command {
  return new Command('stats')
    .description('what reduce saved: runs, raw and packet tokens (o200k_base) per family and per day, and how often a packet was followed by an inspect')
    .option('--since <duration>', 'only artifacts newer than this (7d, 24h)')
    .option('--json', 'the figures as one JSON object')
    .option('--outputs <dir>', 'artifact directory')
    .option('--config <file>', 'config file to use')
    .action(async (flags: { since?: string; json?: boolean; outputs?: string; config?: string }) => {
      const sinceMs = flags.since === undefined ? null : parseDuration(flags.since);
      if (sinceMs === null && flags.since !== undefined) throw new UsageError(`--since takes a duration like 7d or 24h (got '${flags.since}')`);
      const config = await loadConfig(process.cwd(), flags.config);
      const dir = resolveOutputsDir(flags.outputs ?? config.outputs, process.cwd());
      const { computeUsage } = await import('../store/usage.js');
      const usage = computeUsage(dir, sinceMs);
      await writeOut(flags.json ? JSON.stringify(usage, null, 2) + '\n' : renderUsage(usage, dir));
    });
}

const BAR = 28;

export function renderUsage(usage: Usage, dir: string): string {
  if (usage.total.runs === 0) return `no artifacts in ${dir}${usage.since ? ` since ${usage.since}` : ''}\n`;
  const header = ['', 'RUNS', 'RAW TOK', 'PACKET TOK', 'SAVED', 'INSPECTED'];
  const cells = (r: UsageRow): string[] => [r.key, count(r.runs), count(r.rawTokens), count(r.packetTokens), percent(r.rawTokens - r.packetTokens, r.rawTokens), percent(r.inspected, r.runs)];
  const table = (title: string, rows: UsageRow[]): string[] => {
    const all = [[title, ...header.slice(1)], ...rows.map(cells), cells(usage.total)];
    const widths = header.map((_, i) => Math.max(...all.map((r) => r[i]!.length)));
    return all.map((r, n) => (n === all.length - 1 ? '' : '') + r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  '));
  };
  const maxSaved = Math.max(1, ...usage.byDay.map((d) => d.rawTokens - d.packetTokens));
  const chart = usage.byDay.map((d) => {
    const saved = Math.max(0, d.rawTokens - d.packetTokens);
    return `${d.key}  ${'█'.repeat(Math.round((saved / maxSaved) * BAR)).padEnd(BAR)}  ${count(saved)} saved in ${count(d.runs)} runs`;
  });
  const notes = [`tokens: ${usage.tokenizer}${usage.sampledRuns ? `; ${usage.sampledRuns} streams over ${count(usage.sampleBytes)} B counted on their first part and scaled` : ''}`, 'INSPECTED: runs whose packet was followed by reduce inspect of the same id (the packet was not enough)'];
  return [...table('FAMILY', usage.byFamily), '', ...table('DAY', usage.byDay), '', 'tokens saved per day', ...chart, '', ...notes].join('\n') + '\n';
}

function percent(part: number, whole: number): string {
  return whole === 0 ? '-' : `${Math.round((part / whole) * 100)}%`;
}

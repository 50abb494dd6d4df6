import fs from 'node:fs';
import path from 'node:path';
import { countTextTokens, TOKENIZER } from '../history/tokens.js';
import { renderText } from '../render/text.js';
import { listIds, readMetadata } from './artifact-store.js';
import { inspectedIds } from './inspect-log.js';

/**
 * What reduce saved, from the artifacts' metadata: runs, raw and packet tokens counted with a real
 * tokenizer, per family and per day, and how often a packet sent the agent back to `inspect`
 * (a packet that needs that was too small).
 */

export interface UsageRow {
  key: string;
  runs: number;
  rawTokens: number;
  packetTokens: number;
  /** Runs whose artifact was inspected afterwards. */
  inspected: number;
}

export interface Usage {
  tokenizer: string;
  since: string | null;
  total: UsageRow;
  byFamily: UsageRow[];
  byDay: UsageRow[];
  /** Raw streams over this size are counted on their first part and scaled (marked in `sampledRuns`). */
  sampleBytes: number;
  sampledRuns: number;
}

const SAMPLE_BYTES = 1 << 20;

export function computeUsage(dir: string, sinceMs: number | null, now = Date.now()): Usage {
  const inspected = inspectedIds(dir);
  const families = new Map<string, UsageRow>();
  const days = new Map<string, UsageRow>();
  const total: UsageRow = { key: 'total', runs: 0, rawTokens: 0, packetTokens: 0, inspected: 0 };
  let sampledRuns = 0;
  for (const id of listIds(dir)) {
    let meta;
    try {
      meta = readMetadata(dir, id);
    } catch {
      continue;
    }
    const created = Date.parse(meta.createdAt);
    if (sinceMs !== null && created < now - sinceMs) continue;
    let raw = 0;
    for (const stream of [meta.streams.stdout, meta.streams.stderr]) {
      if (!stream) continue;
      const counted = streamTokens(path.join(dir, stream.file), stream.bytes);
      raw += counted.tokens;
      if (counted.sampled) sampledRuns++;
    }
    // A placeholder (the store filled up before the packet was written) has no packet to count.
    const packet = meta.packet ? countTextTokens(renderText(meta.packet)) : 0;
    const wasInspected = inspected.has(id) ? 1 : 0;
    for (const row of [total, rowOf(families, meta.family), rowOf(days, meta.createdAt.slice(0, 10))]) {
      row.runs++;
      row.rawTokens += raw;
      row.packetTokens += packet;
      row.inspected += wasInspected;
    }
  }
  const sorted = (m: Map<string, UsageRow>, by: (a: UsageRow, b: UsageRow) => number): UsageRow[] => [...m.values()].sort(by);
  return {
    tokenizer: TOKENIZER,
    since: sinceMs === null ? null : new Date(now - sinceMs).toISOString(),
    total,
    byFamily: sorted(families, (a, b) => b.rawTokens - b.packetTokens - (a.rawTokens - a.packetTokens) || a.key.localeCompare(b.key)),
    byDay: sorted(days, (a, b) => a.key.localeCompare(b.key)),
    sampleBytes: SAMPLE_BYTES,
    sampledRuns,
  };
}

function rowOf(map: Map<string, UsageRow>, key: string): UsageRow {
  let row = map.get(key);
  if (!row) map.set(key, (row = { key, runs: 0, rawTokens: 0, packetTokens: 0, inspected: 0 }));
  return row;
}

/** Tokens of a stored stream; past SAMPLE_BYTES, the first part's tokens per byte times the size. */
function streamTokens(file: string, bytes: number): { tokens: number; sampled: boolean } {
  let fd: number;
  try {
    fd = fs.openSync(file, 'r');
  } catch {
    return { tokens: 0, sampled: false };
  }
  try {
    const buffer = Buffer.alloc(Math.min(bytes, SAMPLE_BYTES));
    const read = fs.readSync(fd, buffer, 0, buffer.length, 0);
    const tokens = countTextTokens(buffer.subarray(0, read).toString('utf8'));
    if (bytes <= SAMPLE_BYTES || read === 0) return { tokens, sampled: false };
    return { tokens: Math.round((tokens / read) * bytes), sampled: true };
  } finally {
    fs.closeSync(fd);
  }
}

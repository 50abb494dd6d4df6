import fs from 'node:fs';
import path from 'node:path';
import { redactLine } from '../safety/packet-safety.js';
import { listIds, readMetadata } from './artifact-store.js';
import { readLines } from './line-reader.js';

export interface SearchMatch {
  id: string;
  command: string;
  stream: 'stdout' | 'stderr';
  line: number;
  text: string;
}

export interface SearchResult {
  matches: SearchMatch[];
  /** Artifacts read, newest first. */
  searched: number;
  /** True when a cap stopped the search: more matches may exist. */
  truncated: boolean;
}

export interface SearchOptions {
  /** Matches returned at most (default 50). */
  limit?: number;
  /** Matches per artifact at most (default 10), so one noisy log does not hide the rest. */
  perArtifact?: number;
  /** Artifacts read at most, newest first (default 200). */
  maxArtifacts?: number;
}

const SLICE = 10_000;
const MAX_TEXT = 400;

/**
 * A regular expression over every stored output, newest artifact first, each match cited by id,
 * stream and line so `reduce inspect <id> --lines N` gets its context. Lines are read in slices
 * through the line index (memory stays bounded), secrets masked as in every other view.
 */
export function searchArtifacts(dir: string, pattern: RegExp, options: SearchOptions = {}): SearchResult {
  const limit = options.limit ?? 50;
  const perArtifact = options.perArtifact ?? 10;
  const ids = listIds(dir).sort().reverse().slice(0, options.maxArtifacts ?? 200);
  const matches: SearchMatch[] = [];
  let truncated = false;
  let searched = 0;
  for (const id of ids) {
    let meta;
    try {
      meta = readMetadata(dir, id);
    } catch {
      continue; // unreadable metadata: gc reports it
    }
    searched++;
    let found = 0;
    for (const stream of ['stdout', 'stderr'] as const) {
      const info = meta.streams[stream];
      const file = info ? path.join(dir, info.file) : null;
      if (!info || !file || !fs.existsSync(file)) continue;
      for (let start = 1; start <= info.lines; start += SLICE) {
        const lines = readLines(file, info.index, start, Math.min(info.lines, start + SLICE - 1));
        for (let i = 0; i < lines.length; i++) {
          if (!pattern.test(lines[i]!)) continue;
          if (matches.length >= limit || found >= perArtifact) {
            truncated = true;
            break;
          }
          const text = redactLine(lines[i]!);
          matches.push({ id, command: redactLine(meta.command), stream, line: start + i, text: text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)} …[+${text.length - MAX_TEXT} chars]` : text });
          found++;
        }
      }
    }
    if (matches.length >= limit) {
      truncated = true;
      break;
    }
  }
  return { matches, searched, truncated };
}

/** Loads the safety fixture cases and, when it sits beside the clone, the shared corpus of real outputs. */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import stripAnsi from 'strip-ansi';
import type { StreamName } from '../../src/core/types.js';

export interface SafetyCase {
  name: string;
  dir: string;
  streams: { stream: StreamName; text: string }[];
  argv: string[];
  expectInjection: boolean;
  secrets: string[];
  /** Language of an injection case (`en` unless the case says), and what carries it (commit message, test name, ...). */
  lang: string;
  carrier: string;
}

const here = dirname(fileURLToPath(import.meta.url));
export const ROOT = resolve(here, '../..');
/** The shared corpus: `../shared/corpus` beside the clone (CI has it there); absent elsewhere. */
export const CORPUS = resolve(ROOT, '../shared/corpus');

export function loadCases(folder: string): SafetyCase[] {
  const base = join(ROOT, 'fixtures', folder);
  return readdirSync(base)
    .sort()
    .map((name) => {
      const dir = join(base, name);
      const meta = JSON.parse(readFileSync(join(dir, 'meta.json'), 'utf8')) as {
        argv?: string[];
        expect?: { injection?: boolean };
        secrets?: string[];
        lang?: string;
        carrier?: string;
      };
      const argv = meta.argv ?? [];
      return {
        name,
        dir,
        streams: readStreams(dir),
        argv,
        expectInjection: meta.expect?.injection === true,
        secrets: meta.secrets ?? [],
        lang: meta.lang ?? 'en',
        carrier: meta.carrier ?? argv.slice(0, 2).join(' '),
      };
    });
}

/** Corpus cases (read-only, at test time); empty when the corpus is not there. */
export function loadCorpus(): SafetyCase[] {
  if (!existsSync(CORPUS)) return [];
  return readdirSync(CORPUS)
    .sort()
    .filter((name) => existsSync(join(CORPUS, name, 'case.json')))
    .map((name) => {
      const dir = join(CORPUS, name);
      const meta = JSON.parse(readFileSync(join(dir, 'case.json'), 'utf8')) as {
        command?: string;
        expect?: { injection?: boolean };
        secrets?: string[];
      };
      return {
        name,
        dir,
        streams: readStreams(dir),
        argv: (meta.command ?? '').split(' ').filter(Boolean),
        expectInjection: meta.expect?.injection === true,
        secrets: meta.secrets ?? [],
        lang: 'en',
        carrier: 'corpus',
      };
    });
}

function readStreams(dir: string): { stream: StreamName; text: string }[] {
  const out: { stream: StreamName; text: string }[] = [];
  for (const stream of ['stdout', 'stderr'] as const) {
    const file = join(dir, stream);
    if (existsSync(file)) out.push({ stream, text: readFileSync(file, 'utf8') });
  }
  return out;
}

/** Splits like the line splitter does: on \n, with a trailing \r dropped and ANSI codes removed. */
export function linesOf(text: string): string[] {
  const lines = text.split('\n');
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  return lines.map((l) => stripAnsi(l.endsWith('\r') ? l.slice(0, -1) : l));
}

export function percent(n: number, d: number): string {
  return d === 0 ? 'n/a' : `${((100 * n) / d).toFixed(1)}%`;
}

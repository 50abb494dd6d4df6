/** Runs a reducer over text or a fixture's streams, as the pipeline would (lines, 1-based, per stream). */
import fs from 'node:fs';
import path from 'node:path';
import type { PacketParts, Probe, Reducer } from '../../../src/core/types.js';

export interface Streams {
  stdout?: string;
  stderr?: string;
}

export function reduce(reducer: Reducer, streams: Streams, exit = 1, argv: string[] = []): PacketParts {
  const run = reducer.start({ argv, errorPatterns: [], head: (streams.stdout ?? '').slice(0, 1024) });
  for (const stream of ['stdout', 'stderr'] as const) {
    const text = streams[stream];
    if (!text) continue;
    const lines = text.split('\n');
    if (lines[lines.length - 1] === '') lines.pop();
    lines.forEach((line, i) => run.line(stream, i + 1, line));
  }
  return run.finish({ code: exit, signal: null, timedOut: false });
}

export function fixture(family: string, name: string): Streams & { exit: number; argv: string[] } {
  const dir = path.resolve(__dirname, '../../../fixtures', family, name);
  const read = (file: string): string | undefined => (fs.existsSync(path.join(dir, file)) ? fs.readFileSync(path.join(dir, file), 'utf8') : undefined);
  const meta = JSON.parse(read('cmd.json')!) as { argv: string[]; exit: number };
  const out: Streams & { exit: number; argv: string[] } = { exit: meta.exit, argv: meta.argv };
  const stdout = read('stdout');
  const stderr = read('stderr');
  if (stdout) out.stdout = stdout;
  if (stderr) out.stderr = stderr;
  return out;
}

export function probe(streams: Streams, argv: string[] = []): Probe {
  return { argv, head: (streams.stdout ?? '').slice(0, 8192), stderrHead: (streams.stderr ?? '').slice(0, 8192) };
}

/** The same text as a GitHub Actions job log: every line behind an ISO timestamp. */
export function timestamped(text: string): string {
  return text
    .split('\n')
    .map((line, i) => `2024-05-01T12:00:${String(i % 60).padStart(2, '0')}.1234567Z ${line}`)
    .join('\n');
}

export interface FailureField {
  error: string;
  at?: string;
  count: number;
  tests: string[];
}

export function failures(parts: PacketParts): FailureField[] {
  return (parts.fields.failures ?? []) as unknown as FailureField[];
}

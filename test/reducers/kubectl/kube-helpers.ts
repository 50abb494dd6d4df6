/** Drives a reducer over literal streams, as the capture pipeline would (lines, then JSON, then finish). */
import type { ExitInfo, PacketParts, Reducer } from '../../../src/core/types.js';
import { detectStyle } from '../../../src/reducers/generic/json-render.js';

export function run(reducer: Reducer, argv: string[], stdout: string, options: { stderr?: string; exit?: number; noJson?: boolean } = {}): PacketParts {
  const r = reducer.start({ argv, errorPatterns: [], head: stdout.slice(0, 1024) });
  const feed = (stream: 'stdout' | 'stderr', text: string): void => {
    if (text === '') return;
    const lines = text.replace(/\n$/, '').split('\n');
    lines.forEach((line, i) => r.line(stream, i + 1, line));
  };
  feed('stdout', stdout);
  feed('stderr', options.stderr ?? '');
  // noJson: as when the output is over the core's JSON parse cap and json() never comes.
  if (reducer.wantsJson && r.json && !options.noJson && /^\s*[[{]/.test(stdout)) {
    try {
      r.json(JSON.parse(stdout), detectStyle(stdout.slice(0, 4096)));
    } catch {
      // not JSON after all
    }
  }
  const exit: ExitInfo = { code: options.exit ?? 0, signal: null, timedOut: false };
  return r.finish(exit);
}

export function text(parts: PacketParts): string {
  return parts.summary.map((b) => b.text).join('\n');
}

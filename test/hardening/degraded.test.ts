/**
 * A reducer that throws mid-run: the session reads the stored streams again through the generic text reducer
 * (CaptureSession.rereadAsText), says so in a note, and loses nothing, long lines included.
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CaptureSession } from '../../src/capture/session.js';
import { defaultConfig } from '../../src/config.js';
import type { Reducer } from '../../src/core/types.js';
import { registered } from '../../src/reducers/registry.js';
import { tempFolders } from './cli-run.js';

const folder = tempFolders('degraded');

const throwing: Reducer = {
  name: 'throws-at-three',
  family: 'test',
  version: '0.0.1',
  detect: () => 1,
  start: () => ({
    line(_stream, n) {
      if (n === 3) throw new Error('boom at line 3');
    },
    finish: () => ({ status: 'ok', summary: [], fields: {}, citations: [], omitted: [], confidence: 1 }),
  }),
};

describe('a reducer that fails', () => {
  it('degrades to the text reducer over the stored stream, a line longer than one read included', async () => {
    const outputsDir = `${folder()}/outputs`;
    const capture = new CaptureSession({ outputsDir, argv: ['tool'], command: 'tool', cwd: process.cwd(), mode: 'pipe', config: defaultConfig(), reducers: [registered(throwing)], family: 'test' });
    capture.open();
    // Filler up to just before the first 64 KiB read ends, so that the error line starts in one read and ends in
    // the next; then a 200 KiB line (four reads) with a distinct end.
    const filler = Array.from({ length: 1000 }, (_, i) => `ok ${String(i).padStart(4, '0')} ${'.'.repeat(55)}`).join('\n') + '\n';
    const pad = 'p'.repeat((1 << 16) - filler.length - 4);
    const long = `start ${'x'.repeat(200 * 1024)} END-OF-LONG-LINE`;
    const input = `${filler}${pad}\nFATAL: database is down at the read boundary\n${long}\nlast\n`;
    for (let i = 0; i < input.length; i += 1000) capture.write('stdout', Buffer.from(input.slice(i, i + 1000)));
    await capture.ready();
    const result = capture.finish({ code: 1, signal: null, timedOut: false });
    expect(result.notes.join('\n')).toMatch(/degraded: reducer throws-at-three failed \(boom at line 3\); generic text reducer used/);
    expect(result.parts.status).toBe('fail');
    // The line that crosses the read boundary was read whole: it is the one error line, cited.
    expect(result.parts.fields.errorLines).toBe(1);
    const fatal = input.split('\n').findIndex((l) => l.startsWith('FATAL')) + 1;
    expect(result.parts.citations.some((c) => 'from' in c && c.from <= fatal && fatal <= c.to && c.kind === 'error window')).toBe(true);
    expect(fs.readFileSync(`${outputsDir}/${result.id}.stdout`, 'utf8')).toBe(input);
  });
});

import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { colorizePacket } from '../src/render/color.js';
import { escapeControl } from '../src/render/escape.js';
import { startStatusLine } from '../src/render/status-line.js';

/** A stream that records what is written and claims to be (or not to be) a terminal. */
function fakeStream(isTTY: boolean): NodeJS.WriteStream & { written: string } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      chunks.push(chunk.toString());
      done();
    },
  }) as unknown as NodeJS.WriteStream & { written: string };
  Object.defineProperty(stream, 'isTTY', { value: isTTY });
  Object.defineProperty(stream, 'written', { get: () => chunks.join('') });
  return stream;
}

describe('status line', () => {
  it('shows bytes, lines, errors and elapsed on a terminal, and clears itself', async () => {
    const stream = fakeStream(true);
    const stop = startStatusLine(() => ({ bytes: 2048, lines: 12, errors: 1 }), stream);
    await new Promise((r) => setTimeout(r, 1400));
    stop();
    expect(stream.written).toMatch(/reduce: 2\.0 KiB · 12 lines · 1 errors · \d\.\ds/);
    expect(stream.written.endsWith('\r\x1b[2K')).toBe(true);
  });

  it('writes nothing when stderr is not a terminal', async () => {
    const stream = fakeStream(false);
    const stop = startStatusLine(() => ({ bytes: 1, lines: 1, errors: 0 }), stream);
    await new Promise((r) => setTimeout(r, 1300));
    stop();
    expect(stream.written).toBe('');
  });
});

describe('colour', () => {
  it('leaves text alone off a terminal', () => {
    const text = '── text@1.0.0 · exit 1 · fail · conf 0.70 · 3 lines 20 B → 100 B\n';
    expect(colorizePacket(text, fakeStream(false))).toBe(text);
  });
});

describe('escaping', () => {
  it('shows escape sequences and control characters escaped, keeps tabs', () => {
    expect(escapeControl('a\x1b]0;title\x07b\tc\x00')).toBe('a\\x1b]0;title\\x07b\tc\\x00');
    expect(escapeControl('rtl\u202egnp.exe')).toBe('rtl\\u202egnp.exe');
  });
});

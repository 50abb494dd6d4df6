import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { colorizePacket } from '../src/render/color.js';
import { escapeControl } from '../src/render/escape.js';
import { renderText, unstatedFields } from '../src/render/text.js';
import type { Packet } from '../src/core/types.js';
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

/** A packet as the packer leaves it, with what a test sets. */
function packetOf(over: Partial<Packet>): Packet {
  return {
    schema: 'reduce.packet/1',
    id: 'x',
    command: 'tool run',
    family: 'text',
    reducer: 'text@1.0.0',
    intent: 'verdict',
    status: 'fail',
    exit: { code: 1, signal: null, timedOut: false },
    stats: { stdout: { bytes: 100, lines: 20 }, stderr: { bytes: 0, lines: 0 }, packetBytes: 0, tokensIn: 25, tokensOut: 0 },
    summary: [],
    fields: {},
    citations: [],
    omitted: [],
    truncated: false,
    trustLane: 'internal',
    tainted: false,
    injection: { suspected: false },
    confidence: 0.9,
    escalation: { recommended: false, reason: null },
    recover: 'reduce inspect x',
    ...over,
  };
}

describe('packet text', () => {
  it('shows a line range under one header, unnumbered, with every gap counted', () => {
    const text = renderText(packetOf({ citations: [{ ref: 'c1', stream: 'stdout', lines: [10, 16], excerpt: ['a', 'b', 'e', 'f'], shown: [10, 11, 14, 15], elided: 3, label: 'error' }] }));
    expect(text).toContain('[c1] stdout 10-16 · error\n  a\n  b\n  ┆ … 2 lines not shown\n  e\n  f\n  ┆ … 1 lines not shown\n');
  });

  it('numbers the entries of an index, which sit far apart', () => {
    const text = renderText(packetOf({ citations: [{ ref: 'c1', stream: 'stdout', lines: [1, 300], excerpt: ['def a():', 'def b():'], shown: [12, 240], index: true, label: 'outline' }] }));
    expect(text).toContain('   12│ def a():\n  240│ def b():\n');
  });

  it('leaves out of the text the fields that bullets or excerpts already say, and keeps the rest', () => {
    const packet = packetOf({
      summary: ['3 failed, 1,204 passed [c1]'],
      fields: { failed: 3, passed: 1204, runner: 'jest', failures: [{ error: 'Expected: 0; Received: -2', at: 'a.test.js:11' }], flaky: false, seed: 4242 },
      citations: [{ ref: 'c1', stream: 'stdout', lines: [1, 3], excerpt: ['    Expected: 0', '    Received: -2', '  at Object.toBe (a.test.js:11:62)'] }],
      reducer: 'jest@1.0.0',
    });
    expect(unstatedFields(packet).map(([k]) => k)).toEqual(['flaky', 'seed']);
    const text = renderText(packet);
    expect(text).toContain('fields:\n  flaky: false\n  seed: 4242\n');
    expect(text).not.toContain('failures:');
  });

  it('does not take a number inside another number, or a short word inside a word, as said', () => {
    const packet = packetOf({ summary: ['took 1.5 s, 120 items, token ok'], fields: { count: 12, ratio: 5, word: 'tok', state: 'ok' } });
    expect(unstatedFields(packet).map(([k]) => k)).toEqual(['count', 'ratio', 'word']);
    expect(renderText(packetOf({ fields: {} }))).not.toContain('fields:');
  });
});

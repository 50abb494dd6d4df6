import fs from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stdoutMade, watchStdout, writeOut } from '../src/commands/output.js';

const MADE = Symbol.for('reduce.stdoutMade');

describe('writeOut', () => {
  afterEach(() => {
    delete (process as { [MADE]?: boolean })[MADE];
    vi.restoreAllMocks();
  });

  it('counts process.stdout as made unless the entry watches it, and notes the first read of it', () => {
    expect(stdoutMade()).toBe(true);
    const before = Object.getOwnPropertyDescriptor(process, 'stdout')!;
    try {
      watchStdout();
      expect(stdoutMade()).toBe(false);
      void process.stdout;
      expect(stdoutMade()).toBe(true);
    } finally {
      Object.defineProperty(process, 'stdout', before);
    }
  });

  it('writes to fd 1 while nothing made process.stdout, on through partial writes, and hands what a full pipe refuses to the stream', async () => {
    (process as { [MADE]?: boolean })[MADE] = false;
    const written: Buffer[] = [];
    // Takes at most 3 bytes a call, then refuses (EAGAIN) after 9 bytes.
    let taken = 0;
    const write = ((fd: number, buffer: Buffer, offset: number, length: number): number => {
      expect(fd).toBe(1);
      if (taken >= 9) throw Object.assign(new Error('EAGAIN: resource temporarily unavailable'), { code: 'EAGAIN' });
      const n = Math.min(3, length);
      written.push(Buffer.from(buffer.subarray(offset, offset + n)));
      taken += n;
      return n;
    }) as typeof fs.writeSync;
    const streamed: Buffer[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation(((data: Buffer, done: () => void) => {
      streamed.push(Buffer.from(data));
      done();
      return true;
    }) as never);
    await writeOut('hello, wörld\n', write);
    expect(Buffer.concat(written)).toEqual(Buffer.from('hello, wörld\n').subarray(0, 9)); // to the middle of ö: bytes, not characters
    expect(streamed).toHaveLength(1);
    expect(Buffer.concat([...written, ...streamed]).toString()).toBe('hello, wörld\n');
  });

  it('says nothing when the reader went away, and reports another failure once on stderr', async () => {
    (process as { [MADE]?: boolean })[MADE] = false;
    const errors: string[] = [];
    vi.spyOn(process.stderr, 'write').mockImplementation(((text: string) => {
      errors.push(text);
      return true;
    }) as never);
    const failing = (code: string) => (() => {
      throw Object.assign(new Error(`${code}: failed`), { code });
    }) as unknown as typeof fs.writeSync;
    await writeOut('x\n', failing('EPIPE'));
    expect(errors).toEqual([]);
    await writeOut('x\n', failing('EIO'));
    expect(errors).toEqual(['reduce: cannot write to stdout: EIO: failed\n']);
  });
});

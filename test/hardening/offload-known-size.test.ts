/**
 * A piped input whose size is known before it is read (a file, stdin redirected from a file) moves its reducer to the
 * worker thread as soon as the reducer runs, instead of past OFFLOAD_AT (src/capture/run-command.ts, offloadFor).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { knownSize, offloadFor } from '../../src/capture/run-command.js';
import { OFFLOAD_AT } from '../../src/capture/offload-setting.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reduce-known-size-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('the size of a piped input', () => {
  it('is known for a file by path and for a stream read from a file, not for a pipe or a stream made in memory', async () => {
    const file = path.join(dir, 'log.txt');
    fs.writeFileSync(file, 'x'.repeat(12345));
    expect(knownSize(file)).toBe(12345);
    const stream = fs.createReadStream(file);
    await new Promise((resolve) => stream.once('open', resolve));
    expect(knownSize(stream)).toBe(12345);
    stream.destroy();
    expect(knownSize(Readable.from([Buffer.from('abc')]))).toBeNull();
    expect(knownSize(path.join(dir, 'missing'))).toBeNull();
  });

  it('moves the reducer at once when it passes the offload size, and leaves the setting alone otherwise', () => {
    const setting = { at: OFFLOAD_AT, anyLoad: false };
    expect(offloadFor(setting, OFFLOAD_AT)).toEqual({ at: 0, anyLoad: false });
    expect(offloadFor(setting, OFFLOAD_AT - 1)).toBe(setting);
    expect(offloadFor(setting, null)).toBe(setting);
    expect(offloadFor(undefined, 1 << 30)).toBeUndefined();
  });
});

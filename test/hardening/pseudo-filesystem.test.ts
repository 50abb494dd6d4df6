/**
 * Defect 9 of issue 11: an outputs folder on a pseudo-filesystem (/proc, /sys) made Node 20's
 * recursive mkdir spin forever. The run must end, pass the output through and keep the exit code.
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { reduce, tempFolders, tool } from './cli-run.js';

const folder = tempFolders('pseudo');

describe.skipIf(!fs.existsSync('/proc/self'))('an outputs folder under /proc or /sys', () => {
  for (const store of ['/proc/reduce-x', '/proc/reduce-x/y/z']) {
    it(`${store}: the run ends, the output passes through, the exit code is kept`, () => {
      // A hang is what failed: 60 s is far beyond a run that ends (about 1 s), far below forever.
      const r = reduce(['--', process.execPath, tool, 'print', 'one\ntwo\n', '5'], { cwd: folder(), env: { REDUCE_OUTPUTS: store }, timeoutMs: 60_000 });
      expect(r.signal, 'reduce was killed after 60 s: it hung').toBeNull();
      expect(r.status).toBe(5);
      expect(r.out).toContain('one\ntwo\n');
      expect(r.err).toMatch(/^reduce: could not store the output/m);
    });
  }
});

/**
 * Defect 3 of issue 11: the store fills up mid-run. With the streams written but no room for the
 * metadata, the id the packet names must still open in inspect and show in list, and no partial file
 * may stay behind. When the store cannot be written at all, the whole output passes through, not
 * 64 KiB of it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reduceOutputSync } from '../../src/api.js';
import { listIds, readMetadata } from '../../src/store/artifact-store.js';
import { reduce, tempFolders, tool } from './cli-run.js';

const folder = tempFolders('full');
afterEach(() => vi.restoreAllMocks());

/** Writes into `dir` of more than `room` bytes fail as a full disk does: the file is made, then ENOSPC. */
function fillDiskBeyond(dir: string, room: number): void {
  const real = fs.writeFileSync;
  vi.spyOn(fs, 'writeFileSync').mockImplementation(((file: fs.PathOrFileDescriptor, data: string | NodeJS.ArrayBufferView, options?: fs.WriteFileOptions) => {
    const size = typeof data === 'string' ? Buffer.byteLength(data) : data.byteLength;
    if (typeof file === 'string' && file.startsWith(dir) && size > room) {
      fs.closeSync(fs.openSync(file, 'w'));
      throw Object.assign(new Error(`ENOSPC: no space left on device, write '${file}'`), { code: 'ENOSPC' });
    }
    return real(file, data, options);
  }) as typeof fs.writeFileSync);
}

/** A failing build whose packet and line index make metadata of well over 1 KiB. */
function failingBuild(): string {
  return Array.from({ length: 3000 }, (_, i) => (i % 7 === 0 ? `error: step ${i} failed at /src/file${i}.ts:${i}` : `step ${i} ok`)).join('\n') + '\n';
}

describe('no room for the metadata', () => {
  it('the id in the packet still opens, list sees it, and no partial file stays', () => {
    const dir = path.join(folder(), 'outputs');
    const stdout = failingBuild();
    fillDiskBeyond(dir, 1024);
    const r = reduceOutputSync({ stdout, argv: ['make', 'all'], exit: { code: 2 }, outputsDir: dir });
    vi.restoreAllMocks();
    expect(r.id).not.toBeNull();
    expect(r.warning).toMatch(/metadata|could not write/);
    expect(listIds(dir)).toEqual([r.id]);
    const meta = readMetadata(dir, r.id!);
    expect(meta.streams.stdout.bytes).toBe(Buffer.byteLength(stdout));
    expect(fs.readFileSync(path.join(dir, `${r.id}.stdout`), 'utf8')).toBe(stdout);
    expect(fs.readdirSync(dir).filter((f) => f.startsWith('.partial-'))).toEqual([]);
  });

  it('inspect and list of that artifact work from the command line', () => {
    const cwd = folder();
    const dir = path.join(cwd, 'outputs');
    fillDiskBeyond(dir, 1024);
    const stdout = failingBuild();
    const r = reduceOutputSync({ stdout, argv: ['make'], exit: { code: 1 }, outputsDir: dir });
    vi.restoreAllMocks();
    const lines = reduce(['inspect', r.id!, '--lines', '5:6'], { cwd });
    expect(lines.status, lines.err).toBe(0);
    expect(lines.out).toContain('step 5 ok');
    const shown = reduce(['inspect', r.id!], { cwd });
    expect(shown.status, shown.err).toBe(0);
    expect(shown.out).toMatch(/packet not stored/);
    expect(reduce(['list'], { cwd }).out).toContain(r.id!);
  });
});

describe('a store that cannot be written at all', () => {
  it('passes the whole output through, not a head and a tail (wrap mode, 300 KB)', () => {
    const cwd = folder();
    fs.writeFileSync(path.join(cwd, 'blocker'), '');
    const r = reduce(['--', process.execPath, tool, 'lines', '30000'], { cwd, env: { REDUCE_OUTPUTS: path.join(cwd, 'blocker', 'x') } });
    expect(r.status).toBe(0);
    const expected = Array.from({ length: 30000 }, (_, i) => `line ${i + 1}\n`).join('');
    expect(r.out.startsWith(expected)).toBe(true);
    expect(r.out).not.toMatch(/bytes of stdout not shown/);
    expect(r.err).toMatch(/^reduce: could not store the output/m);
  });

  it('passes the whole piped input through (pipe mode, exit 1)', () => {
    const cwd = folder();
    fs.writeFileSync(path.join(cwd, 'blocker'), '');
    const input = Array.from({ length: 30000 }, (_, i) => `piped ${i}\n`).join('');
    const r = reduce([], { cwd, input, env: { REDUCE_OUTPUTS: path.join(cwd, 'blocker', 'x') } });
    expect(r.status).toBe(1);
    expect(r.out.startsWith(input)).toBe(true);
  });
});


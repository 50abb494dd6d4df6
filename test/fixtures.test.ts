/**
 * One test drives every fixture: fixtures/<family>/<case>/ holds the raw streams (stdout, stderr),
 * cmd.json (argv, exit, mode, optional family/budget) and the golden packet (packet.txt).
 * UPDATE_GOLDEN=1 rewrites the goldens for review.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { reduceOutputSync } from '../src/api.js';
import type { BudgetName } from '../src/config.js';

interface CaseMeta {
  argv: string[];
  exit: number | null;
  mode?: 'wrap' | 'pipe';
  family?: string;
  budget?: BudgetName;
  signal?: string | null;
}

const root = path.resolve(__dirname, '../fixtures');
const update = process.env.UPDATE_GOLDEN === '1';
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'reduce-fixtures-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

export function fixtureCases(): Array<{ name: string; dir: string; meta: CaseMeta }> {
  const out: Array<{ name: string; dir: string; meta: CaseMeta }> = [];
  for (const family of fs.readdirSync(root).sort()) {
    const familyDir = path.join(root, family);
    if (!fs.statSync(familyDir).isDirectory()) continue;
    for (const name of fs.readdirSync(familyDir).sort()) {
      const dir = path.join(familyDir, name);
      const metaFile = path.join(dir, 'cmd.json');
      if (!fs.existsSync(metaFile)) continue;
      out.push({ name: `${family}/${name}`, dir, meta: JSON.parse(fs.readFileSync(metaFile, 'utf8')) as CaseMeta });
    }
  }
  return out;
}

function read(dir: string, file: string): Buffer | undefined {
  const p = path.join(dir, file);
  return fs.existsSync(p) ? fs.readFileSync(p) : undefined;
}

const ID = /\d{8}-\d{6}-[a-z0-9-]+-[0-9a-f]{6}/g;

describe('fixtures: golden packets', () => {
  for (const c of fixtureCases()) {
    it(c.name, () => {
      const stdout = read(c.dir, 'stdout') ?? Buffer.alloc(0);
      const stderr = read(c.dir, 'stderr');
      const pipe = c.meta.mode === 'pipe';
      const result = reduceOutputSync({
        stdout,
        ...(stderr ? { stderr } : {}),
        argv: pipe ? [] : c.meta.argv,
        command: pipe ? '' : c.meta.argv.join(' '),
        exit: { code: c.meta.exit, signal: c.meta.signal ?? null },
        mode: pipe ? 'pipe' : 'wrap',
        outputsDir: path.join(work, c.name.replace('/', '__')),
        cwd: work,
        createdAt: new Date('2026-01-01T00:00:00Z'),
        ...(c.meta.family ? { family: c.meta.family } : {}),
        ...(c.meta.budget ? { budget: c.meta.budget } : {}),
      });
      expect(result.id).not.toBeNull();
      const packet = result.packet!;
      const text = result.text.replace(ID, '<id>');
      const golden = path.join(c.dir, 'packet.txt');
      if (update || !fs.existsSync(golden)) fs.writeFileSync(golden, text);
      expect(text).toBe(fs.readFileSync(golden, 'utf8'));

      // The artifact is the input, byte for byte.
      const outDir = path.join(work, c.name.replace('/', '__'));
      expect(fs.readFileSync(path.join(outDir, `${result.id}.stdout`)).equals(stdout)).toBe(true);
      if (stderr?.length) expect(fs.readFileSync(path.join(outDir, `${result.id}.stderr`)).equals(stderr)).toBe(true);

      // Honesty: every bullet rests on a citation or a field, and what it cites is in the packet.
      const refs = new Set(packet.citations.map((x) => x.ref));
      for (const bullet of result.parts?.summary ?? []) {
        const cites = bullet.cites ?? [];
        const fields = bullet.fields ?? [];
        expect(cites.length + fields.length, `bullet without evidence: ${bullet.text}`).toBeGreaterThan(0);
        const rendered = packet.summary.find((line) => line === bullet.text || line.startsWith(bullet.text + ' ['));
        if (!rendered) continue; // dropped for the budget, and counted in omitted
        const shownRefs = [...rendered.slice(bullet.text.length).matchAll(/\[(c\d+)\]/g)].map((m) => m[1]!);
        for (const ref of shownRefs) expect(refs.has(ref), `bullet cites missing ${ref}: ${bullet.text}`).toBe(true);
        if (shownRefs.length === 0) expect(fields.some((f) => f in packet.fields), `bullet kept without evidence: ${bullet.text}`).toBe(true);
      }
      for (const line of packet.summary) for (const m of line.matchAll(/\[(c\d+)\]$/g)) expect(refs.has(m[1]!)).toBe(true);
      // The way back names lines that exist: `--lines a:b` within the stream it reads.
      const back = /--lines (\d+):(\d+)( --stderr)?/.exec(packet.recover ?? '');
      if (back) {
        const lines = packet.stats[back[3] ? 'stderr' : 'stdout'].lines;
        expect(Number(back[2]), `${packet.recover} past ${lines} lines`).toBeLessThanOrEqual(lines);
      }
      // Nothing over the hard ceiling.
      expect(Buffer.byteLength(result.text)).toBeLessThanOrEqual(64 * 1024);
    });
  }
});

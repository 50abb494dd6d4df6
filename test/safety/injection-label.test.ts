/**
 * Whatever the reducer cites around it, a flagged line keeps its own warning label in the text
 * packet (the packer never folds a mandatory injection citation into a bigger excerpt).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { reduceOutputSync } from '../../src/api.js';

const root = path.resolve(__dirname, '../../fixtures/injection');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'reduce-inj-label-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

describe('injection warnings stay visible', () => {
  for (const name of fs.readdirSync(root).sort()) {
    const dir = path.join(root, name);
    const meta = JSON.parse(fs.readFileSync(path.join(dir, 'meta.json'), 'utf8')) as { argv: string[]; exit?: number };
    for (const budget of ['concise', 'auto'] as const) {
      it(`${name} (${budget})`, () => {
        const stderrFile = path.join(dir, 'stderr');
        const result = reduceOutputSync({
          stdout: fs.readFileSync(path.join(dir, 'stdout')),
          ...(fs.existsSync(stderrFile) ? { stderr: fs.readFileSync(stderrFile) } : {}),
          argv: meta.argv,
          exit: { code: meta.exit ?? 0 },
          budget,
          outputsDir: path.join(work, `${name}-${budget}`),
          cwd: work,
        });
        const packet = result.packet!;
        expect(packet.injection.suspected).toBe(true);
        expect(result.text).toMatch(/possible prompt injection/);
        for (const ref of packet.injection.cites ?? []) expect(packet.citations.some((c) => c.ref === ref)).toBe(true);
      });
    }
  }
});

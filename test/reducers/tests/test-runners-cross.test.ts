/**
 * Every test-runner reducer over every fixture (its own and the others'): wrong detection must
 * degrade, never throw or state what the packet cannot back.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cargoTestReducer } from '../../../src/reducers/tests/cargo-test.js';
import { goTestReducer } from '../../../src/reducers/tests/go-test.js';
import { jestReducer } from '../../../src/reducers/tests/jest.js';
import { mochaReducer } from '../../../src/reducers/tests/mocha.js';
import { nodeTestReducer } from '../../../src/reducers/tests/node-test.js';
import { playwrightReducer } from '../../../src/reducers/tests/playwright.js';
import { pytestReducer } from '../../../src/reducers/tests/pytest.js';
import { unittestReducer } from '../../../src/reducers/tests/unittest.js';
import { vitestReducer } from '../../../src/reducers/tests/vitest.js';
import { fixture, reduce } from './test-runner-helpers.js';

const runners = [cargoTestReducer, goTestReducer, jestReducer, mochaReducer, nodeTestReducer, playwrightReducer, pytestReducer, unittestReducer, vitestReducer];
const root = path.resolve(__dirname, '../../../fixtures');
const cases = fs
  .readdirSync(root)
  .flatMap((family) => (fs.statSync(path.join(root, family)).isDirectory() ? fs.readdirSync(path.join(root, family)).map((name) => [family, name] as const) : []))
  .filter(([family, name]) => fs.existsSync(path.join(root, family, name, 'cmd.json')));

describe('test-runner reducers on any fixture', () => {
  for (const reducer of runners) {
    it(`${reducer.name}: every bullet rests on a field or citation it returns`, () => {
      for (const [family, name] of cases) {
        const f = fixture(family, name);
        const parts = reduce(reducer, f, f.exit);
        const refs = new Set(parts.citations.map((c) => c.ref));
        expect(refs.size, `${family}/${name}: duplicate refs`).toBe(parts.citations.length);
        for (const bullet of parts.summary) {
          expect((bullet.cites?.length ?? 0) + (bullet.fields?.length ?? 0), `${family}/${name}: ${bullet.text}`).toBeGreaterThan(0);
          for (const ref of bullet.cites ?? []) expect(refs.has(ref), `${family}/${name}: ${ref}`).toBe(true);
          for (const field of bullet.fields ?? []) expect(field in parts.fields, `${family}/${name}: ${field}`).toBe(true);
        }
        for (const c of parts.citations) if ('from' in c) expect(c.from, `${family}/${name}: ${c.label}`).toBeLessThanOrEqual(c.to);
        if (f.exit !== 0) expect(parts.status).not.toBe('ok');
      }
    });
  }
});

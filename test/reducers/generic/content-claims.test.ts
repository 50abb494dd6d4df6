/**
 * Claims from content that took other tools' output: a JSON line followed by a report is text, not
 * a JSON document; a program's own ISO-stamped log is a log, not a CI job.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { reduceOutputSync } from '../../../src/api.js';
import { opensJsonDocument } from '../../../src/core/json-start.js';
import { ciLogClaims } from '../../../src/reducers/generic/ci-log.claims.js';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'reduce-claims-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));
let runs = 0;
function reduce(stdout: string, argv: string[]) {
  return reduceOutputSync({ stdout, argv, command: argv.join(' '), exit: { code: 0, signal: null }, mode: argv.length ? 'wrap' : 'pipe', outputsDir: path.join(work, String(runs++)), cwd: work });
}

describe('a JSON line followed by a report', () => {
  const report = ['{"n": 60000, "bad": 0}', '         789681 function calls in 0.471 seconds', '', '   Ordered by: cumulative time', ''];
  for (let i = 0; i < 60; i++) report.push(`${String(i + 1).padStart(9)}    0.000    0.000    0.471    0.471 report.py:${i}(f${i})`);

  it('is text: only a short trailer after the first value keeps a document JSON', () => {
    expect(opensJsonDocument(report.join('\n'))).toBe(false);
    expect(opensJsonDocument(['{"a": [1, 2, {"b": "}"}]}', 'npm warn config x', 'npm warn config y'].join('\n'))).toBe(true);
    expect(opensJsonDocument(Array.from({ length: 50 }, (_, i) => `{"level": 30, "msg": "m${i}"}`).join('\n'))).toBe(true);
    expect(opensJsonDocument('[\n  {\n    "name": "a",\n')).toBe(true); // the document goes on past the head
  });

  it('is read as text, its rows shown, not as JSON that did not parse', () => {
    const result = reduce(report.join('\n') + '\n', ['python3', '-m', 'cProfile', 'report.py']);
    expect(result.packet!.reducer).not.toMatch(/^json@/);
    expect(result.text!).not.toContain('looked like JSON');
    expect(result.text!).toContain('report.py:30(f30)');
  });
});

describe('ISO-stamped lines', () => {
  const debug = Array.from({ length: 40 }, (_, i) => `2026-11-24T11:19:34.${String(500 + i).padStart(3, '0')}Z eslint:cli step ${i} of the run`);
  const runner = Array.from({ length: 40 }, (_, i) => `2026-11-19T14:02:07.${String(3110000 + i).padStart(7, '0')}Z step ${i} of the job`);
  const probe = (lines: string[]) => ({ argv: [], head: lines.join('\n'), stderrHead: '' });

  it("are a CI job's log only when a runner stamped them (to the 100 ns) or its markers are there", () => {
    expect(ciLogClaims.detect!(probe(runner))).toBeGreaterThan(0);
    expect(ciLogClaims.detect!(probe([...debug.slice(0, 5), '2026-11-24T11:19:35.000Z ##[group]Run npm test', ...debug.slice(5)]))).toBeGreaterThan(0);
    expect(ciLogClaims.detect!(probe(debug))).toBe(0);
  });

  it("a program's debug log piped is not read as a successful CI job (512 bytes of it)", () => {
    const result = reduce(debug.join('\n') + '\n', []);
    expect(result.packet!.reducer).not.toMatch(/^ci-log@/);
    expect(result.text).toContain('step 20 of the run');
  });
});

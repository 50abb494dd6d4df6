/**
 * The answer side: trees, JSON arrays read as tables, the best-fitting structure of a family's read
 * command, piped source code, JavaScript stack traces, and the rows that fill an answer's budget.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { reduceOutputSync } from '../../../src/api.js';
import { BestStructure } from '../../../src/reducers/generic/best-structure.js';
import { DependencyTree, treeShare } from '../../../src/reducers/generic/dependency-tree.js';
import { jsonTable } from '../../../src/reducers/generic/json-table.js';
import { ShareLeaders } from '../../../src/reducers/generic/share-leaders.js';
import { codeScore } from '../../../src/reducers/generic/source.js';
import { markupScore, yamlScore } from '../../../src/reducers/generic/source.claims.js';
import type { LineCitation } from '../../../src/core/types.js';
import { run } from '../helpers.js';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'reduce-answers-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));
let runs = 0;
function piped(stdout: string, options: { maxBytes?: number; intent?: 'answer' | 'verdict'; stderr?: string; argv?: string[] } = {}) {
  const argv = options.argv ?? [];
  return reduceOutputSync({
    stdout,
    ...(options.stderr ? { stderr: options.stderr } : {}),
    argv,
    command: argv.join(' '),
    exit: { code: 0, signal: null },
    mode: argv.length ? 'wrap' : 'pipe',
    outputsDir: path.join(work, String(runs++)),
    cwd: work,
    ...(options.maxBytes ? { maxBytes: options.maxBytes } : {}),
    ...(options.intent ? { intent: options.intent } : {}),
  });
}
function feed(scanner: { line(s: 'stdout' | 'stderr', n: number, t: string): unknown }, text: string): void {
  text.split('\n').forEach((line, i) => scanner.line('stdout', i + 1, line));
}
function refs(): () => string {
  let i = 0;
  return () => `c${++i}`;
}

const NPM_LS = [
  'app@1.0.0 /srv/app',
  '├─┬ express@4.21.2',
  '│ ├── accepts@1.3.8',
  '│ ├─┬ body-parser@1.20.3',
  '│ │ └── bytes@3.1.2',
  '│ └── debug@2.6.9 deduped',
  '├── UNMET OPTIONAL DEPENDENCY fsevents@^2.3.2',
  '├── left-pad@1.3.0 extraneous',
  '├── error-ex@1.3.2',
  '└── lodash@4.17.20 invalid: "^4.17.21" from the root project',
].join('\n');

describe('DependencyTree', () => {
  it('cites the root and depth 1, counts deeper levels, and cites problem rows but not names that contain a problem word', () => {
    const tree = new DependencyTree();
    feed(tree, NPM_LS);
    const out = tree.finish(refs());
    expect(out.fields).toMatchObject({ treeRows: 9, depths: { '1': 5, '2': 3, '3': 1 }, deduped: 1, optionalNotInstalled: 1, problemRows: 2 });
    const cites = out.citations as LineCitation[];
    expect(cites.find((c) => c.kind === 'tree root')).toMatchObject({ from: 1, to: 1 });
    expect(cites.find((c) => c.kind === 'tree level')?.focus).toEqual([2, 7, 8, 9, 10]);
    expect(cites.filter((c) => c.kind === 'tree problem').map((c) => c.from)).toEqual([8, 10]);
  });

  it('reads `tree` and `cargo tree` drawings and tells trees from prose', () => {
    expect(treeShare('.\n├── src\n│   └── a.ts\n└── package.json\n')).toBeGreaterThan(0.6);
    expect(treeShare('cargo-demo v0.1.0 (/x)\n├── serde v1.0.0\n│   └── serde_derive v1.0.0 (proc-macro)\n└── anyhow v1.0.0\n')).toBeGreaterThan(0.6);
    expect(treeShare('just some\nprose lines\nhere\n')).toBe(0);
  });
});

describe('jsonTable', () => {
  it('puts identity and status columns first and counts low-cardinality columns', () => {
    const items = Array.from({ length: 20 }, (_, i) => ({ size: i, status: i === 7 ? 'failed' : 'ok', name: `job-${i}`, dev: i % 2 === 0, nested: { a: 1 } }));
    const table = jsonTable(items)!;
    expect(table.columns).toEqual(['name', 'status', 'size', 'dev']);
    expect(table.header).toBe('columns: name, status, size, dev');
    expect(table.row(items[7], 7)).toBe('7 {"name": "job-7", "status": "failed", "size": 7, "dev": false}');
    expect(jsonTable(items, 'compact')!.row(items[1], 1)).toBe('1 {"name":"job-1","status":"ok","size":1,"dev":false}');
    expect(table.counts).toEqual([['dev', [['false', 10], ['true', 10]]]]);
  });

  it('leaves prose items (comments, messages) and arrays of scalars to the identity index', () => {
    expect(jsonTable([{ id: 1, body: 'x'.repeat(200) }, { id: 2, body: 'y'.repeat(200) }])).toBeNull();
    expect(jsonTable([1, 2, 3])).toBeNull();
  });

  it('shows a large array of objects as table rows that fill the answer budget, with their pointers', () => {
    const items = Array.from({ length: 400 }, (_, i) => ({ id: i + 1, host: `web-${i}`, state: i === 250 ? 'down' : 'up', region: ['eu', 'us'][i % 2] }));
    const result = piped(JSON.stringify(items, null, 2));
    expect(result.packet!.reducer).toMatch(/^json@/);
    expect(result.text).toContain('columns: id, state, host, region');
    expect(result.text).toContain('"host": "web-250"');
    expect(result.text).toContain('399 {"id": 400, "state": "up", "host": "web-399", "region": "us"}');
    expect(result.text).toMatch(/table rows \d+-\d+/);
    expect(result.text).toContain('region: eu 200, us 200');
    expect(Buffer.byteLength(result.text)).toBeGreaterThan(6000);
    expect(Buffer.byteLength(result.text)).toBeLessThanOrEqual(8192);
  });
});

describe('BestStructure', () => {
  it('lets the scanner that recognised the most lines speak, and no other', () => {
    const best = new BestStructure();
    feed(best, 'Package    Version\n---------- -------\nchalk      5.6.2\nvitest     4.1.12\nzod        3.25.76');
    const out = best.finish(refs());
    expect(out.fields.tables).toBeDefined();
    expect(out.fields.items).toBeUndefined();
    expect(out.fields.treeRows).toBeUndefined();
  });

  it('claims nothing when structure is a small part of the output', () => {
    const best = new BestStructure();
    feed(best, 'hello there\nthis is prose\nand more prose\nsrc/a.ts\nnothing else\n');
    expect(best.finish(refs())).toEqual({ summary: [], citations: [], fields: {}, omitted: [] });
  });
});

describe('detection from content: code, stacks, family answers', () => {
  const js = Array.from({ length: 12 }, (_, i) => [`function handler${i}(req, res) {`, `  const value = req.body[${i}];`, '  return res.json(value);', '}', ''].join('\n')).join('\n');

  it('reads piped source code as source, and log, table or diff text not', () => {
    expect(codeScore(['diff --git a/x.ts b/x.ts', '--- a/x.ts', '+++ b/x.ts', '@@ -1,9 +1,9 @@', ...js.split('\n').slice(0, 20).map((l) => ` ${l}`)].join('\n'))).toBe(0);
    expect(codeScore(js)).toBeGreaterThan(0.5);
    expect(run(js).reducer).toMatch(/^source@/);
    // Go: methods with receivers, struct types, fields indented by one tab.
    const go = ['package models', '', 'import (', '\t"time"', ')', '', ...Array.from({ length: 6 }, (_, i) => [`type Rule${i} struct {`, '\tID        int       `json:"id"`', '\tCreatedAt time.Time `json:"created_at"`', '}', '', `func (r *Rule${i}) Valid() bool {`, '\treturn r.ID > 0', '}', '']).flat()].join('\n');
    expect(codeScore(go)).toBeGreaterThan(0.5);
    // Shell functions are definitions.
    const sh = ['#!/bin/bash', 'set -euo pipefail', '', ...Array.from({ length: 6 }, (_, i) => [`check_${i}() {`, `  local url="$BASE/api/${i}"`, '  curl -fsS "$url" >/dev/null', '}', '']).flat()].join('\n');
    expect(codeScore(sh)).toBeGreaterThan(0.5);
    expect(codeScore('2026-11-23T10:00:00Z ERROR x\n'.repeat(20))).toBe(0);
    expect(codeScore('NAME   STATUS\nweb-1  Running\n'.repeat(10))).toBe(0);
    // A report whose every line is a padded two-word label (`python -X importtime`), however much it says `import`.
    const importtime = ['import time: self [us] | cumulative | imported package', ...['_io', 'marshal', 'posix', 'time', 'zipimport', 'codecs', 'encodings', 'abc', 'io', 'os', 'site', 'json'].map((m, i) => `import time: ${String(100 + i * 37).padStart(9)} | ${String(300 + i * 91).padStart(10)} | ${'  '.repeat(i % 3)}${m}`)].join('\n') + '\n';
    expect(codeScore(importtime)).toBe(0);
    expect(run(importtime).reducer).toMatch(/^table@/);
  });

  it("reads past a file's opening license comment or module docstring before it judges the code", () => {
    const py = Array.from({ length: 10 }, (_, i) => [`class Holder${i}(object):`, `    def get(self, key):`, `        return self.items[key]`, ''].join('\n')).join('\n');
    const docstring = ['# Author: someone', '', '"""Command-line parsing library', '', ...Array.from({ length: 90 }, (_, i) => `This module does thing number ${i} for the people who use it.`), '"""', '', 'import os', 'import re', ''].join('\n');
    expect(codeScore(docstring + py + '\n')).toBeGreaterThan(0.5);
    const license = [...Array.from({ length: 85 }, (_, i) => `// Licensed under the terms number ${i}; you may not use this file except in compliance.`), ''].join('\n');
    expect(codeScore(license + js + '\n')).toBeGreaterThan(0.5);
    // Printed by a program no reducer claims (a script that dumps a file, `git show rev:path` aside).
    expect(run(docstring + py + '\n', ['dumpsource']).reducer).toMatch(/^source@/);
    expect(codeScore(Array.from({ length: 90 }, (_, i) => `This is prose line ${i}, with no code in it at all.`).join('\n'))).toBe(0);
  });

  it('reads a piped Markdown document or YAML file as a file (outline, no failure), and a log, a script or records not', () => {
    const markdown = ['# Widget service', '', 'The widget service keeps track of every widget we ship to customers.', '', '## Install', '', '```sh', '# not a heading: a comment in a fenced block', 'npm install widget-error-handler', '```', '', '- run `widget start` to begin', '- see [the guide](https://example.com/guide) for more', '', '## Errors', '', 'When the service fails with an Error it logs the exception and exits with code 1.', '', '### Troubleshooting', '', 'Check that the database is reachable and that the credentials are not denied.', ''].join('\n');
    expect(markupScore(markdown)).toBeGreaterThan(0.5);
    const doc = run(markdown.repeat(200), ['showdoc']);
    expect(doc.reducer).toMatch(/^source@/);
    expect(doc.packet!.status).toBe('ok');
    expect((doc.parts!.citations as LineCitation[]).find((c) => c.kind === 'outline')?.focus).toContain(5);
    // The reducer reads the kind from the head detection saw, not its first KiB: here the second heading comes later.
    const long = ['# Guide', '', ...Array.from({ length: 30 }, (_, i) => `Paragraph ${i} explains how the widget handles a request and what it returns.`), '', '```js', 'widget.on("error", (err) => {', '  console.error(err);', '});', '```', '', ...Array.from({ length: 40 }, (_, i) => [`## Section ${i}`, '', `Section ${i} says what the widget does with the input it is given.`, ''].join('\n'))].join('\n');
    const guide = run(long, ['showdoc']);
    expect((guide.parts!.citations as LineCitation[]).find((c) => c.kind === 'outline')?.focus?.slice(0, 2)).toEqual([1, 40]);
    const shell = ['#!/bin/sh', '# Build the thing', 'set -e', '# Step one', 'x=1', 'for f in *.c; do', '  cc -c "$f"', 'done', '# Step two', 'if [ -f a.out ]; then', '  ./a.out', 'fi', ''].join('\n');
    expect(markupScore(shell)).toBe(0);
    expect(markupScore(['# Run', '', ...Array.from({ length: 20 }, (_, i) => `2026-11-24T10:00:${String(i).padStart(2, '0')}Z INFO step ${i} done`), '# Done', ''].join('\n'))).toBe(0);

    const yaml = ['# CI workflow', 'name: ci', 'on:', '  push:', '    branches: [main]', 'jobs:', '  test:', '    runs-on: ubuntu-latest', '    steps:', '      - uses: actions/checkout@v4', '      - name: Install', '        run: npm ci', '      - name: Test', '        run: |', '          npm test', '          echo "tests failed with error" >&2', '  lint:', '    runs-on: ubuntu-latest', '    steps:', '      - run: npm run lint', ''].join('\n');
    expect(yamlScore(yaml)).toBeGreaterThan(0.5);
    const file = run(yaml.repeat(200), ['printconfig']);
    expect(file.reducer).toMatch(/^source@/);
    expect(file.packet!.status).toBe('ok');
    // Nested keys that open blocks are outlined too, not only the top level.
    expect(file.parts!.summary.map((b) => b.text)).toEqual([expect.stringMatching(/^4,000 lines, outline of 1,600 definitions and headings/)]);
    expect(yamlScore(Array.from({ length: 30 }, (_, i) => `${i % 6 ? '  ' : ''}${(0x1000 + i * 4).toString(16)}:\t48 89 e5 0${i % 8}\tmov %rsp,%rbp`).join('\n') + '\n')).toBe(0);
    expect(yamlScore(JSON.stringify({ a: { b: 1, c: [1, 2] }, d: { e: { f: 'g' } }, h: 1, i: 2, j: { k: 3, l: 4 } }, null, 2) + '\n')).toBe(0);
    expect(yamlScore('Package: a\nVersion: 1\nDepends: b\n\nPackage: b\nVersion: 2\nDepends: c\n\nPackage: c\nVersion: 3\n')).toBe(0);
    expect(yamlScore(Array.from({ length: 20 }, (_, i) => `2026-11-24 10:00:${String(i).padStart(2, '0')} worker: job ${i}: ok`).join('\n') + '\n')).toBe(0);
  });

  it('names the runtime of a crash: node for a V8 stack, python for a traceback or a SyntaxError', () => {
    const stack = "node:internal/modules/cjs/loader:1228\n  throw err;\n  ^\n\nError: Cannot find module 'x'\n    at Module._resolveFilename (node:internal/modules/cjs/loader:1225:15)\n    at Module._load (node:internal/modules/cjs/loader:1051:27)\n\nNode.js v20.20.2\n";
    expect(run('', [], { stderr: stack }).reducer).toMatch(/^js-stack@/);
    expect(run('', [], { stderr: '  File "/app/x.py", line 2\n    items = [x for x\n            ^\nSyntaxError: \'[\' was never closed\n' }).reducer).toMatch(/^traceback@/);
  });

  it('gives family names to read commands and their piped shapes', () => {
    expect(run('a==1.0\nb==2.0.1\nc-d==3.0\n').reducer).toMatch(/^pip-query@/);
    expect(run('', [], { stderr: 'Cannot connect to the Docker daemon at unix:///var/run/docker.sock. Is the docker daemon running?\n' }).reducer).toMatch(/^docker-cli@/);
    expect(run(NPM_LS, ['npm', 'ls']).reducer).toMatch(/^npm-query@/);
    expect(run(NPM_LS).reducer).toMatch(/^npm-query@/);
    expect(run('.\n├── a\n│   └── b.ts\n└── c.ts\n\n2 directories, 2 files\n').reducer).toMatch(/^tree@/);
  });
});

describe('answers fill their budget with the rows at both ends', () => {
  it('a large list shows more first and last items than its index alone, never past the budget', () => {
    const list = Array.from({ length: 2000 }, (_, i) => `src/module-${String(i).padStart(4, '0')}/index.ts`).join('\n');
    const { text } = piped(list);
    expect(text).toContain('src/module-0040/index.ts');
    expect(text).toContain('src/module-1960/index.ts');
    expect(text).toMatch(/rows, first/);
    expect(text).toMatch(/rows, last/);
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(8192);
  });

  it('fills its rows with items, not with error lines that repeat a message already cited (find / 2>&1)', () => {
    const dirs = ['cache', 'keys', 'spool', 'private', 'lost+found', 'audit'];
    const lines = Array.from({ length: 900 }, (_, i) => (i % 6 === 5 ? `find: ‘/srv/${dirs[(i >> 2) % 6]}/${dirs[(i >> 5) % 6]}’: Permission denied` : `/usr/lib/systemd/system/unit-${String(i).padStart(4, '0')}.service`));
    const { text } = piped(lines.join('\n') + '\n', { argv: ['find', '/', '-name', '*.service'] });
    const items = text.split('\n').filter((l) => /unit-\d{4}\.service/.test(l)).length;
    const denied = text.split('\n').filter((l) => l.includes('Permission denied')).length;
    expect(text).toMatch(/same message \d+ more times/);
    // Before, rows were filled with the repeated error lines as much as with items.
    expect(items).toBeGreaterThan(denied * 12);
  });

  it('a large list shows rows from its middle too', () => {
    const list = Array.from({ length: 2000 }, (_, i) => `src/module-${String(i).padStart(4, '0')}/index.ts`).join('\n');
    const { text } = piped(list);
    expect(text).toMatch(/rows, middle/);
    expect(text).toContain('src/module-1000/index.ts');
  });

  it('one JSON object per line (`jq -c`) is read as records, not CSV, and fills the answer budget', () => {
    const lines = Array.from({ length: 400 }, (_, i) => JSON.stringify({ name: `pkg-${String(i).padStart(3, '0')}`, version: `1.${i}.0`, license: i % 17 ? 'MIT' : 'GPL-3.0' })).join('\n');
    const { text, packet } = piped(lines, { argv: ['jq', '-c', '.[]', 'a.json'] });
    expect(packet!.reducer).toMatch(/^json@/);
    expect(text).toContain('NDJSON: 400 records');
    expect(text).toContain('"name":"pkg-200"');
    expect(text).toContain('"name":"pkg-399"');
    expect(Buffer.byteLength(text)).toBeGreaterThan(4096);
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(8192);
  });

  it('a list whose items close with a state tag counts each state and cites the first and last item of each, rare ones included', () => {
    // Hypothetical package names; the shape of `apt list --installed`: 3000 rows, one row of a rare state far from both ends.
    const rows = Array.from({ length: 3000 }, (_, i) => {
      const state = i === 1717 ? 'installed,local' : i % 50 === 7 ? `installed,upgradable to: 2.${i}.1` : i % 3 ? 'installed,automatic' : 'installed';
      return `lib-pkg-${String(i).padStart(4, '0')}/stable,now 1.${i}.0 amd64 [${state}]`;
    });
    const { text, packet } = piped(['Listing...', ...rows].join('\n'));
    expect(text).toMatch(/tags: \[installed,automatic\] 1,959, \[installed\] 980, \[installed,upgradable to: …\] 60, \[installed,local\] 1 /);
    expect(text).toContain('lib-pkg-1717/stable,now 1.1717.0 amd64 [installed,local]');
    expect(text).toContain(rows.filter((r) => r.includes('upgradable')).at(-1));
    expect(packet!.fields['directories']).toBeUndefined(); // the items are records, not paths
  });

  it('tags that name every item apart are not states', () => {
    const rows = Array.from({ length: 300 }, (_, i) => `item-${i} [build ${String.fromCharCode(97 + (i % 26))}${i}]`);
    expect(piped(rows.join('\n')).text).not.toContain('tags:');
  });

  it('excerpts that touch become one, under one header: a row that stands out inside the first rows has no header of its own', () => {
    const rows = Array.from({ length: 900 }, (_, i) => `${String(i + 1).padStart(4)} | job-${i} | ${i === 9 ? 'failed' : i % 97 === 50 ? 'stopped' : 'done  '}`);
    const { packet, text } = piped(['  id | name | state', '-----+------+-------', ...rows].join('\n'), { argv: ['psql', '-c', 'select * from jobs'] });
    const holding = packet!.citations.filter((c) => c.excerpt.some((l) => l.includes('job-9 |')));
    expect(holding).toHaveLength(1);
    expect(holding[0]!.lines![0]).toBe(1);
    // Every ref a bullet names is a citation shown; every line of the packet's excerpts appears once.
    const shown = new Set(packet!.citations.map((c) => c.ref));
    for (const bullet of packet!.summary) for (const [, ref] of bullet.matchAll(/\[(c\w+)\]/g)) expect(shown.has(ref!)).toBe(true);
    const numbers = packet!.citations.filter((c) => c.lines && !c.index).flatMap((c) => c.shown ?? Array.from({ length: c.excerpt.length }, (_, i) => c.lines![0] + i));
    expect(new Set(numbers).size).toBe(numbers.length);
    expect(text).not.toMatch(/^\[c\w+\] stdout 12-12 /m);
  });

  it("a log's answer is its index of problems: no filler rows", () => {
    const lines = Array.from({ length: 3000 }, (_, i) => `2026-11-23 10:${String(Math.floor(i / 60) % 60).padStart(2, '0')}:${String(i % 60).padStart(2, '0')} INFO request ${i} served in 12ms`);
    lines[1500] = '2026-11-23 10:25:00 ERROR database connection lost: timeout after 30s';
    const { packet, text } = piped(lines.join('\n'), { argv: ['cat', 'app.log'] });
    expect(packet!.reducer).toMatch(/^log@/);
    expect(text).toContain('database connection lost');
    expect(packet!.citations.some((c) => /^rows/.test(c.label ?? ''))).toBe(false);
  });

  it('a verdict gets no filler rows', () => {
    const list = Array.from({ length: 2000 }, (_, i) => `src/module-${i}/index.ts`).join('\n');
    expect(piped(list, { intent: 'verdict' }).text).not.toMatch(/rows, first/);
  });
});

/** Random input of each answer shape: the reducer never throws and the packet keeps to its budget. */
describe('the lines with the largest shares of an answer too long to show whole', () => {
  it('cites the hot line of a profile wherever it sits (node --prof-process, cg_annotate)', () => {
    const lines = ['Statistical profiling result (4000 ticks, 12 excluded).', '', ' [Bottom up (heavy) profile]:', '   ticks parent  name'];
    for (let i = 0; i < 1500; i++) lines.push(`     ${i % 9}    ${(i % 7) * 0.3}%      JS: ~helper${i} /srv/app/lib/util${i}.js:${i}:3`);
    lines.splice(1100, 0, '   1903   47.6%    JS: *buildMap /srv/app/hot.js:2:18');
    // Read as text (a profile with sections is no list) and as a table.
    for (const family of ['text', 'table']) {
      const result = reduceOutputSync({ stdout: lines.join('\n') + '\n', argv: [], command: '', exit: { code: 0, signal: null }, mode: 'pipe', intent: 'answer', family, outputsDir: path.join(work, `shares-${family}`), cwd: work });
      expect(result.text, family).toContain('JS: *buildMap /srv/app/hot.js:2:18');
    }
  });
  it('keeps one line per shape, the largest share of it, and none of 100% (a whole, not a share)', () => {
    const leaders = new ShareLeaders();
    const rows = ['99.99% (3,194,880B) (heap allocation functions)', '99.98% (778,240B) (heap allocation functions)', '->97.10% (3,358,720B) 0x109176: cache_grow (alloc.c:4)', '63,745 (100.0%) PROGRAM TOTALS', '->02.89% (100,000B) 0x109186: parse_buf (alloc.c:5)'];
    rows.forEach((text, i) => leaders.line('stdout', i + 1, text));
    let ref = 0;
    const cited = leaders.finish(() => `c${++ref}`).map((c) => [c.from, c.to]);
    expect(cited).toEqual([[1, 1], [3, 3], [5, 5]]);
  });
});

describe('properties of the answer reducers', () => {
  const word = fc.string({ maxLength: 16 }).map((s) => s.replace(/\n/g, ' '));
  const shapes: Record<string, fc.Arbitrary<string>> = {
    tree: fc.array(fc.tuple(fc.integer({ min: 0, max: 5 }), fc.constantFrom('├── ', '└── ', '├─┬ ', '+-- ', '- '), word, fc.constantFrom('', ' deduped', ' invalid', ' extraneous', ' UNMET OPTIONAL DEPENDENCY')), { maxLength: 300 }).map((rows) => ['root@1.0.0 /x', ...rows.map(([d, mark, w, tag]) => `${'│ '.repeat(d)}${mark}${w}${tag}`)].join('\n')),
    'json array': fc.array(fc.record({ id: fc.integer(), name: word, state: fc.constantFrom('ok', 'failed', 'pending', ''), n: fc.option(fc.integer()) }), { maxLength: 300 }).map((items) => JSON.stringify(items, null, 2)),
    code: fc.array(fc.tuple(fc.constantFrom('function f() {', '  return x;', '}', 'class A {', '  def g(self):', 'import os', '// note', '  raise Error("x")'), word), { maxLength: 400 }).map((ls) => ls.map(([a, b]) => `${a} ${b}`).join('\n')),
    freeze: fc.array(fc.tuple(word, fc.integer({ min: 0, max: 99 })), { maxLength: 300 }).map((ls) => ls.map(([n, v]) => `${n.replace(/\W/g, '') || 'x'}==${v}.0`).join('\n')),
  };
  for (const [shape, arbitrary] of Object.entries(shapes)) {
    it(`${shape}: never throws and keeps to --max-bytes`, () => {
      fc.assert(
        fc.property(arbitrary, fc.integer({ min: 1500, max: 8000 }), (text, maxBytes) => {
          const result = piped(text, { maxBytes });
          expect(result.packet).toBeTruthy();
          if (!result.packet!.verbatim) expect(Buffer.byteLength(result.text), result.text).toBeLessThanOrEqual(maxBytes);
        }),
        { numRuns: 30 },
      );
    });
  }
});

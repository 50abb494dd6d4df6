import { describe, expect, it } from 'vitest';
import { detectReducer } from '../../../src/core/detect.js';
import type { ExitInfo, Probe, Reducer } from '../../../src/core/types.js';
import { reducers } from '../../../src/reducers/registry.js';

const exit = (code: number): ExitInfo => ({ code, signal: null, timedOut: false });

function probe(head: string, argv: string[] = [], stderrHead = ''): Probe {
  return { argv, head, stderrHead };
}

function run(reducer: Reducer, lines: Array<['stdout' | 'stderr', string]>, code: number) {
  const r = reducer.start({ argv: [], errorPatterns: [], head: '' });
  const counters = { stdout: 0, stderr: 0 };
  for (const [stream, text] of lines) r.line(stream, ++counters[stream], text);
  return r.finish(exit(code));
}

// Every body, loaded as a run that chose it would load it.
const bodies = await Promise.all(reducers.map((r) => r.load()));
const byName = (name: string) => bodies.find((r) => r.name === name)!;

describe('detection of compiler and linter output', () => {
  const cases: Array<[string, Probe]> = [
    ['tsc', probe("src/a.ts(3,7): error TS2322: Type 'string' is not assignable to type 'number'.\nsrc/b.ts(1,1): error TS6133: 'x' is declared but its value is never read.\n")],
    ['eslint', probe("\n/p/src/a.js\n  1:1  error  Unexpected var, use let or const instead  no-var\n\n✖ 1 problem (1 error, 0 warnings)\n")],
    ['eslint', probe('[{"filePath":"/p/a.js","messages":[]}]')],
    // The stylish layout with glyph severities (stylelint's default formatter).
    ['eslint', probe('', [], '\ncss/app.css\n   3:11  \u2716  Duplicate property "color"   declaration-block-no-duplicate-properties\n  12:12  \u26a0  Unknown property "colr"   property-no-unknown\n\n\u2716 2 problems (1 error, 1 warning)\n')],
    ['gcc', probe('', [], "main.c: In function ‘main’:\nmain.c:8:27: error: ‘struct point’ has no member named ‘z’\n    8 |   p.z;\n")],
    ['cargo-build', probe('', [], '   Compiling app v0.1.0 (/w/app)\nerror[E0425]: cannot find value `x` in this scope\n --> src/main.rs:3:13\n')],
    ['go-build', probe('', [], '# example.com/app\n./main.go:12:5: undefined: x\n')],
  ];
  for (const [name, p] of cases) {
    it(`picks ${name} from content alone`, () => {
      expect(detectReducer(p, reducers).reducer.name).toBe(name);
    });
  }

  it('leaves GitHub Actions job logs to the log reducers', () => {
    const log = [
      '2026-02-12T05:25:38.1167507Z ##[group]Run npm run type-check',
      "2026-02-12T05:25:38.1167507Z ##[error]app/a.vue(63,53): error TS18047: 'settings.value' is possibly 'null'.",
      '2026-02-12T05:25:38.1175089Z ##[error]app/a.vue(655,29): error TS2532: Object is possibly undefined.',
    ].join('\n');
    for (const name of ['tsc', 'eslint', 'gcc', 'cargo-build', 'go-build']) expect(byName(name).detect(probe(log))).toBe(0);
  });

  it('leaves cargo test and go test output to the test runners', () => {
    expect(byName('cargo-build').detect(probe('running 3 tests\ntest a ... ok\ntest result: ok. 3 passed\n'))).toBeLessThan(0.5);
    expect(byName('go-build').detect(probe('=== RUN   TestX\n    x_test.go:12: want 3\n--- FAIL: TestX (0.00s)\n'))).toBeLessThan(0.5);
  });

  it('claims the build commands, not the test commands', () => {
    expect(detectReducer(probe('', ['npx', 'tsc', '--noEmit']), reducers).reducer.name).toBe('tsc');
    expect(detectReducer(probe('', ['cargo', 'clippy', '--', '-D', 'warnings']), reducers).reducer.name).toBe('cargo-build');
    expect(detectReducer(probe('', ['go', 'vet', './...']), reducers).reducer.name).toBe('go-build');
    expect(detectReducer(probe('', ['ninja']), reducers).reducer.name).toBe('gcc');
    // make runs whatever its recipes run: a C build's diagnostics claim it by content, nothing by argv.
    expect(detectReducer(probe("src/a.c:3:5: error: 'x' undeclared (first use in this function)\n", ['make', '-j4']), reducers).reducer.name).toBe('gcc');
    expect(detectReducer(probe('', ['make', '-j4']), reducers).reducer.name).not.toBe('gcc');
    expect(detectReducer(probe('', ['cargo', 'test']), reducers).reducer.name).not.toBe('cargo-build');
    expect(detectReducer(probe('', ['go', 'test', './...']), reducers).reducer.name).not.toBe('go-build');
  });
});

describe('compiler packets', () => {
  it('counts by severity, file and code, and makes the first error mandatory', () => {
    const parts = run(
      byName('tsc'),
      [
        ['stdout', "src/a.ts(3,7): error TS2322: Type 'string' is not assignable to type 'number'."],
        ['stdout', "src/a.ts(4,1): error TS6133: 'x' is declared but its value is never read."],
        ['stdout', "src/b.ts(9,2): error TS2322: Type 'number' is not assignable to type 'string'."],
      ],
      2,
    );
    expect(parts.status).toBe('fail');
    expect(parts.fields).toMatchObject({ errors: 3, warnings: 0, files: 2, codes: { TS2322: 2, TS6133: 1 } });
    expect(parts.fields.byFile).toEqual([
      { file: 'src/a.ts', errors: 2, warnings: 0 },
      { file: 'src/b.ts', errors: 1, warnings: 0 },
    ]);
    const first = parts.citations.find((c) => c.priority === 'mandatory');
    expect(first).toMatchObject({ from: 1, to: 2, label: 'src/a.ts (2 errors in this file)' });
    expect(parts.summary.find((b) => b.text.startsWith('first error'))?.text).toContain('src/a.ts:3:7 error TS2322');
  });

  it('cites the first errors and the last one, and counts the rest', () => {
    const lines: Array<['stdout' | 'stderr', string]> = [];
    for (let i = 1; i <= 100; i++) lines.push(['stderr', `./pkg/f${i}.go:${i}:2: undefined: v${i}`]);
    const parts = run(byName('go-build'), lines, 1);
    expect(parts.fields.errors).toBe(100);
    const omitted = parts.omitted.find((o) => o.what.startsWith('errors not cited'));
    expect(omitted?.count).toBe(69);
    const cited = parts.citations.filter((c) => c.kind === 'errors');
    expect(cited).toHaveLength(31);
    expect(cited.some((c) => 'from' in c && c.from === 100)).toBe(true);
  });

  it('cites a rare error that comes after a flood of the same one', () => {
    const lines: Array<['stdout' | 'stderr', string]> = [];
    for (let i = 1; i <= 60; i++) lines.push(['stdout', `src/f${i}.ts(${i},3): error TS2532: Object is possibly 'undefined'.`]);
    lines.push(['stdout', "src/late.ts(104,5): error TS2322: Type 'A' is not assignable to type 'B'."]);
    const parts = run(byName('tsc'), lines, 2);
    const late = parts.citations.find((c) => 'from' in c && c.from === 61);
    expect(late?.priority).toBe('high');
    expect(parts.omitted.find((o) => o.what.startsWith('errors not cited'))?.count).toBe(30);
  });

  it('ranks a new kind high only when its code stays rare to the end: one odd finding outranks the first of each frequent code', () => {
    // pyright --strict over an untyped tree: floods of reportUnknown*, each code starting later in the output, and one reportOptionalCall (session 13).
    const lines: Array<['stdout' | 'stderr', string]> = [];
    let n = 0;
    for (let i = 0; i < 40; i++) lines.push(['stdout', `  /p/m.py:${++n}:5 - error: Type of "v" is unknown (reportUnknownVariableType)`]);
    for (const code of ['reportUnknownMemberType', 'reportUnknownArgumentType', 'reportMissingParameterType', 'reportUnknownParameterType', 'reportOptionalSubscript']) {
      for (let i = 0; i < 8; i++) lines.push(['stdout', `  /p/m.py:${++n}:5 - error: Something about "x" is unknown (${code})`]);
    }
    lines.push(['stdout', `  /p/m.py:${++n}:9 - error: Object of type "None" cannot be called (reportOptionalCall)`]);
    for (let i = 0; i < 5; i++) lines.push(['stdout', `  /p/m.py:${++n}:5 - error: Type of "w" is unknown (reportUnknownVariableType)`]);
    lines.push(['stdout', `${n} errors, 0 warnings, 0 informations`]);
    const parts = run(byName('gcc'), lines, 1);
    expect(parts.fields.errors).toBe(n);
    expect(parts.citations.find((c) => 'from' in c && c.from === 81)?.priority).toBe('high');
    // The first reportUnknownMemberType (line 41) is new, but its code is a flood of 8.
    expect(parts.citations.find((c) => 'from' in c && c.from === 41)?.priority).toBe('normal');
    // The last error is still cited, and ranks high.
    expect(parts.citations.find((c) => 'from' in c && c.to === n)?.priority).toBe('high');
  });

  it('points at the first error in the project when the first one is in a system header', () => {
    const parts = run(
      byName('gcc'),
      [
        ['stderr', "/usr/include/c++/12/bits/new_allocator.h:63:26: error: forming pointer to reference type ‘int&’"],
        ['stderr', "main.cpp:11:13: error: no matching function for call to ‘insert(int)’"],
      ],
      1,
    );
    expect(parts.fields.firstProjectError).toMatchObject({ file: 'main.cpp', line: 11 });
    expect(parts.citations.filter((c) => c.priority === 'mandatory').map((c) => ('from' in c ? c.from : 0))).toEqual([1, 2]);
  });

  it('keeps the tool verdict and stays small and ok on a clean build', () => {
    const parts = run(byName('cargo-build'), [['stderr', '    Checking app v0.1.0 (/w/app)'], ['stderr', '    Finished `dev` profile [unoptimized + debuginfo] target(s) in 0.12s']], 0);
    expect(parts.status).toBe('ok');
    expect(parts.fields).toMatchObject({ errors: 0, warnings: 0 });
  });

  it('marks warnings-only runs as warn', () => {
    const parts = run(byName('gcc'), [['stderr', "a.c:5:9: warning: unused variable ‘u’ [-Wunused-variable]"], ['stderr', '    5 |     int u = 3;']], 0);
    expect(parts.status).toBe('warn');
    expect(parts.fields.codes).toEqual({ '-Wunused-variable': 1 });
  });

  it('degrades to the generic digest when nothing is recognised', () => {
    const parts = run(byName('gcc'), [['stdout', 'building...'], ['stdout', 'Error: something broke badly']], 2);
    expect(parts.fields).toHaveProperty('errorLines', 1);
    expect(parts.fields).not.toHaveProperty('errors');
  });

  it('keeps the whole digest when make fails with no diagnostic to show', () => {
    const parts = run(
      byName('gcc'),
      [
        ['stdout', 'python3 -m unittest -v test_calc'],
        ['stderr', 'FAIL: test_total (test_calc.CalcTest.test_total)'],
        ['stderr', 'AssertionError: 3 != 4'],
        ['stderr', 'make: *** [Makefile:2: test] Error 1'],
      ],
      2,
    );
    expect(parts.status).toBe('fail');
    expect(parts.summary[0]!.text).toBe('no compiler or linter diagnostics parsed');
    expect(parts.citations.some((c) => c.label === 'error')).toBe(true);
    expect(parts.citations.some((c) => c.label === 'tool summary' && c.priority === 'mandatory')).toBe(true);
  });

  it('cites linker errors that are not compiler diagnostics', () => {
    const parts = run(
      byName('gcc'),
      [
        ['stderr', "/usr/bin/ld: /tmp/cc1.o: in function `main':"],
        ['stderr', "main.c:(.text+0xa): undefined reference to `helper'"],
        ['stderr', 'collect2: error: ld returned 1 exit status'],
      ],
      1,
    );
    expect(parts.fields).toMatchObject({ errors: 1, firstError: { file: 'main.c', code: 'ld' } });
    expect(parts.summary.some((b) => b.text.includes('ld returned 1 exit status'))).toBe(true);
  });

  it('cites what eslint prints below its summary (TIMING=1 rule table), not a build log going on below a diagnostic', () => {
    const table = ['Rule            | Time (ms) | Relative', ':---------------|----------:|--------:', 'no-cond-assign  |   122.366 |    15.8%', 'no-unused-vars  |   113.781 |    14.7%'];
    const lines: Array<['stdout' | 'stderr', string]> = [
      ['stdout', ''],
      ['stdout', '/p/src/a.js'],
      ['stdout', '  1:1  error  Unexpected var, use let or const instead  no-var'],
      ['stdout', ''],
      ['stdout', '✖ 1 problem (1 error, 0 warnings)'],
      ['stdout', ''],
      ...table.map((t): ['stdout', string] => ['stdout', t]),
    ];
    for (const code of [1, 0]) {
      const parts = run(byName('eslint'), code ? lines : lines.map(([s, t]): ['stdout' | 'stderr', string] => [s, t.replace(' error ', ' warning ').replace('(1 error, 0 warnings)', '(0 errors, 1 warning)')]), code);
      const after = parts.citations.filter((c) => c.label === 'after the report').map((c) => ('from' in c ? [c.from, c.to, c.priority] : null));
      expect(after, `exit ${code}`).toEqual([[7, 10, 'high']]);
      if (!code) expect(parts.warningBytes).toBeGreaterThan(table.join('\n').length);
    }
    // go build -x: the command trace goes on below the compiler's error; no summary, nothing cited as an addendum.
    const trace = run(byName('go-build'), [['stderr', '# example.com/app/db'], ['stderr', 'db/db.go:3:45: cannot use "one" (untyped string constant) as int value in return statement'], ['stderr', 'mkdir -p $WORK/b006/'], ['stderr', 'cat >$WORK/b006/importcfg << \'EOF\' # internal']], 2);
    expect(trace.citations.filter((c) => c.label === 'after the report')).toEqual([]);
  });

  it('reads eslint -f json documents, citing messages by pointer', () => {
    const r = byName('eslint').start({ argv: [], errorPatterns: [], head: '' });
    const doc = [
      { filePath: '/p/a.js', messages: [], errorCount: 0 },
      { filePath: '/p/b.js', messages: [{ ruleId: 'no-undef', severity: 2, message: "'x' is not defined.", line: 3, column: 1, nodeType: 'Identifier' }], errorCount: 1 },
    ];
    r.line('stdout', 1, JSON.stringify(doc));
    r.json!(doc, 'compact');
    const parts = r.finish(exit(1));
    expect(parts.fields).toMatchObject({ errors: 1, files: 1, codes: { 'no-undef': 1 } });
    expect(parts.citations[0]).toMatchObject({ pointer: '/1/messages/0', priority: 'mandatory' });
    expect((parts.citations[0] as { excerpt: readonly string[] }).excerpt[0]).toContain('"ruleId":"no-undef"');
  });

  it('reads eslint -f json-with-metadata: the same report under results, cited by pointer there', () => {
    const r = byName('eslint').start({ argv: [], errorPatterns: [], head: '' });
    const doc = {
      results: [{ filePath: '/p/b.js', messages: [{ ruleId: 'no-debugger', severity: 1, message: "Unexpected 'debugger' statement.", line: 11, column: 3 }], warningCount: 1 }],
      metadata: { cwd: '/p', rulesMeta: { 'no-debugger': { type: 'problem' } } },
    };
    r.line('stdout', 1, JSON.stringify(doc));
    r.json!(doc, 'compact');
    const parts = r.finish(exit(0));
    expect(parts.fields).toMatchObject({ warnings: 1, filesChecked: 1 });
    expect(parts.citations.find((c) => 'pointer' in c)).toMatchObject({ pointer: '/results/0/messages/0' });
    expect(byName('eslint').detect(probe(JSON.stringify(doc)))).toBeGreaterThanOrEqual(0.9);
  });

  it('eslint --fix-dry-run -f json: cites the fixed source of the files the fixes change, by pointer', () => {
    const r = byName('eslint').start({ argv: [], errorPatterns: [], head: '' });
    const doc = [
      { filePath: '/p/a.js', messages: [], output: "// a.js\nconst legacy = options && options.legacy;\n" },
      { filePath: '/p/b.js', messages: [{ ruleId: 'no-console', severity: 1, message: 'Unexpected console statement.', line: 2, column: 1 }] },
    ];
    r.line('stdout', 1, JSON.stringify(doc));
    r.json!(doc, 'compact');
    const parts = r.finish(exit(0));
    expect(parts.fields.filesFixed).toBe(1);
    const fixed = parts.citations.find((c) => c.kind === 'fixed source') as { pointer: string; excerpt: readonly string[] };
    expect(fixed).toMatchObject({ pointer: '/0/output' });
    expect(fixed.excerpt).toContain('const legacy = options && options.legacy;');
    expect(parts.summary.some((b) => b.text.startsWith('1 file with fixes'))).toBe(true);
  });

  it('a warnings-only run past the cited warnings also cites its last warning (the end of a long report)', () => {
    const lines: Array<['stdout', string]> = [];
    for (let f = 0; f < 12; f++) {
      lines.push(['stdout', `/p/src/m${f}.js`], ['stdout', `  2:8  warning  'path' is defined but never used  no-unused-vars`], ['stdout', '']);
    }
    lines.push(['stdout', '✖ 12 problems (0 errors, 12 warnings)']);
    const parts = run(byName('eslint'), lines, 0);
    expect(parts.citations.some((c) => 'from' in c && c.from <= 35 && c.to >= 35)).toBe(true);
    const withError = run(byName('eslint'), [['stdout', '/p/a.js'], ['stdout', '  1:1  error  Unexpected var  no-var'], ['stdout', ''], ...lines.slice(0, -1), ['stdout', '✖ 13 problems (1 error, 12 warnings)']], 1);
    expect(withError.citations.some((c) => 'from' in c && c.from <= 38 && c.to >= 38)).toBe(false);
  });

  it('a build that succeeded cites the last line it printed when nothing claimed it (`Built libcore 70 objects`)', () => {
    const lines: Array<['stdout' | 'stderr', string]> = [
      ['stdout', 'gcc -O2 -Wall -c src/a.c -o build/a.o'],
      ['stderr', "src/a.c:3:9: warning: unused variable 'x' [-Wunused-variable]"],
      ['stdout', 'ar rcs build/libcore.a build/a.o'],
      ['stdout', 'Built libcore 1 objects'],
    ];
    const parts = run(byName('gcc'), lines, 0);
    expect(parts.citations.find((c) => c.label === 'last line')).toMatchObject({ stream: 'stdout', from: 3, to: 3 });
    const failed = run(byName('gcc'), [...lines.slice(0, 1), ['stderr', "src/a.c:3:9: error: 'y' undeclared"], ...lines.slice(2)], 2);
    expect(failed.citations.some((c) => c.label === 'last line')).toBe(false);
  });

  it('cites the indented line right below the tool summary with it (stylish: how many problems --fix would fix)', () => {
    const parts = run(
      byName('eslint'),
      [
        ['stdout', '/p/src/a.js'],
        ['stdout', "  2:8  warning  'path' is defined but never used  no-unused-vars"],
        ['stdout', ''],
        ['stdout', '✖ 1 problem (0 errors, 1 warning)'],
        ['stdout', '  0 errors and 1 warning potentially fixable with the `--fix` option.'],
        ['stdout', ''],
      ],
      0,
    );
    expect(parts.citations.find((c) => c.label === 'tool summary')).toMatchObject({ from: 4, to: 5 });
  });

  it('make -p: the variables the makefiles and the command line set, and the real targets; built-ins counted', () => {
    const db = [
      'cc -c src/a.c -o build/a.o',
      '# GNU Make 4.3',
      '',
      '# Make data base, printed on Wed Nov 25 02:36:35 2026',
      '',
      '# Variables',
      '',
      '# default',
      'AR = ar',
      '# makefile (from \'Makefile\', line 3)',
      'PREFIX = /usr/local',
      '# command line',
      'DESTDIR = /tmp/stage',
      '# automatic',
      '@D = $(patsubst %/,%,$(dir $@))',
      '',
      '# Files',
      '',
      '# Not a target:',
      '.c.o:',
      '#  Builtin rule',
      '',
      'build/app: build/a.o',
      '#  Implicit rule search has not been done.',
      '\t$(CC) -o $@ $^',
      '',
      '# finished making data base, printed on Wed Nov 25 02:36:35 2026',
    ];
    expect(byName('make-database').detect(probe(db.join('\n')))).toBeGreaterThanOrEqual(0.9);
    const parts = run(byName('make-database'), db.map((t) => ['stdout', t] as ['stdout', string]), 0);
    const lines = parts.citations.map((c) => ('from' in c ? [c.from, c.label] : null));
    expect(lines).toEqual(expect.arrayContaining([[11, "variable set at Makefile:3"], [13, 'variable set at command line'], [23, 'target'], [1, 'commands before the database']]));
    expect(lines.some((l) => l && (l[0] === 9 || l[0] === 20))).toBe(false);
    expect(parts.fields).toMatchObject({ variables: { default: 1, makefile: 1, 'command line': 1, automatic: 1 }, targets: 1 });
    expect(parts.summary.some((b) => b.text === '1 target: build/app')).toBe(true);
  });

  it('cites each distinct message of a rare rule past the first errors, but a frequent rule once', () => {
    const lines: Array<['stdout' | 'stderr', string]> = [];
    // 40 files of the same two errors: the first 30 errors are cited anyway; what comes after is counted.
    for (let i = 1; i <= 40; i++) lines.push(['stdout', `/p/src/m${i}.js`], ['stdout', `  1:1  error  Unexpected var, use let or const instead  no-var`], ['stdout', '']);
    lines.push(['stdout', '/p/src/qs.js'], ['stdout', "  4:18  error  Expected '===' and instead saw '=='  eqeqeq"], ['stdout', "  9:7  error  Expected '!==' and instead saw '!='  eqeqeq"], ['stdout', '']);
    lines.push(['stdout', '/p/src/z.js'], ['stdout', '  2:1  error  Unexpected var, use let or const instead  no-var'], ['stdout', '']);
    lines.push(['stdout', '✖ 43 problems (43 errors, 0 warnings)']);
    const parts = run(byName('eslint'), lines, 1);
    const cited = (text: string) => parts.citations.some((c) => 'from' in c && lines[c.from - 1]?.[1].includes(text) || ('to' in c && lines.slice(c.from - 1, c.to).some(([, l]) => l.includes(text))));
    expect(cited("saw '=='")).toBe(true);
    expect(cited("saw '!='")).toBe(true);
  });

  it('past the first 30 errors, cites up to 60 new kinds: a plugin with many rules does not use up the room of the last real finding', () => {
    const lines: Array<['stdout' | 'stderr', string]> = [['stdout', '/p/src/a.js']];
    for (let i = 1; i <= 30; i++) lines.push(['stdout', `  ${i}:1  error  Unexpected var, use let or const instead  no-var`]);
    // 30 regexp rules, one finding each, then the one unhandled promise.
    for (let i = 1; i <= 30; i++) lines.push(['stdout', `  ${100 + i}:1  error  Regular expression problem number ${i}  regexp/rule-${i}`]);
    lines.push(['stdout', '  200:3  error  Expected catch() or return  promise/catch-or-return'], ['stdout', '  201:1  error  Unexpected var, use let or const instead  no-var'], ['stdout', '']);
    lines.push(['stdout', '✖ 62 problems (62 errors, 0 warnings)']);
    const parts = run(byName('eslint'), lines, 1);
    const promise = lines.findIndex(([, l]) => l.includes('catch-or-return')) + 1;
    expect(parts.citations.some((c) => 'from' in c && c.from <= promise && c.to >= promise)).toBe(true);
  });

  it('ranks more of a flooding rule among the first errors below the rare rules that come later (eslint with plugins over many files)', () => {
    // eslint 9 with unicorn, regexp and promise over 23 files (session 16): every file opens with the same
    // five style rules; the real findings (no-undef, no-cond-assign, promise/catch-or-return) come later, one each.
    const lines: Array<['stdout' | 'stderr', string]> = [];
    const flood = ["1:16  error  Prefer `node:fs` over `fs`  unicorn/prefer-node-protocol", "2:18  error  Prefer `node:path` over `path`  unicorn/prefer-node-protocol", '9:9  error  Use `for…of` instead of `.forEach(…)`  unicorn/no-array-for-each'];
    for (const name of ['audit', 'cart', 'catalog', 'checkout', 'geo']) lines.push(['stdout', `/p/src/${name}/index.js`], ...flood.map((r) => ['stdout', `  ${r}`] as ['stdout', string]), ['stdout', '']);
    lines.push(['stdout', '/p/src/refunds/index.js'], ['stdout', "  16:21  error  'limit' is not defined  no-undef"], ['stdout', '']);
    lines.push(['stdout', '/p/src/webhooks/index.js'], ['stdout', '  16:3  error  Expected catch() or return  promise/catch-or-return'], ['stdout', '']);
    lines.push(['stdout', '✖ 17 problems (17 errors, 0 warnings)']);
    const parts = run(byName('eslint'), lines, 1);
    const at = (file: string) => parts.citations.find((c) => 'from' in c && lines[c.from - 1]?.[1].includes(file) || ('from' in c && lines[c.from - 2]?.[1].includes(file)));
    // The first file is the first error's; the second repeats the same codes (the fourth `prefer-node-protocol`
    // is no new kind either): it waits for room. The rare findings later on rank high.
    expect(at('/p/src/audit/')?.priority).toBe('mandatory');
    expect(at('/p/src/cart/')?.priority).toBe('normal');
    expect(at('/p/src/refunds/')?.priority).toBe('high');
    expect(at('/p/src/webhooks/')?.priority).toBe('high');
  });
});

describe('a compiler or linter run read as an answer', () => {
  it('fills the room its evidence leaves with its first and last lines when nothing in it is a diagnostic (eslint --debug)', () => {
    const lines = Array.from({ length: 40 }, (_, i) => ['stderr', `2026-11-24T11:19:34.${String(i).padStart(3, '0')}Z eslint:linter step ${i} of the trace`] as ['stderr', string]);
    const trace = (intent: 'answer' | 'verdict') => {
      const r = byName('eslint').start({ argv: [], errorPatterns: [], head: '', intent });
      lines.forEach(([stream, text], i) => r.line(stream, i + 1, text));
      return r.finish(exit(0));
    };
    const edges = (parts: ReturnType<typeof trace>) => parts.citations.filter((c) => 'layout' in c && c.layout === 'edges');
    expect(edges(trace('answer'))).toHaveLength(1);
    expect(edges(trace('verdict'))).toHaveLength(0);
  });

  it('reads a dry run that prints build steps and data as the text reducer would (make -pn: steps, then the database)', () => {
    const lines: Array<['stdout', string]> = [['stdout', 'cc -O2 -c src/a.c -o build/a.o'], ['stdout', 'cc -O2 -o build/app build/a.o']];
    for (let i = 0; i < 60; i++) lines.push(['stdout', `VAR_${i} = value ${i}`]);
    lines.push(['stdout', '# RCS: could not be stat\'d.']);
    const start = (intent: 'answer' | 'verdict') => {
      const r = byName('gcc').start({ argv: [], errorPatterns: [], head: '', intent });
      lines.forEach(([stream, text], i) => r.line(stream, i + 1, text));
      return r.finish(exit(0));
    };
    const answer = start('answer');
    expect(answer.status).toBe('ok');
    expect(answer.citations.some((c) => 'layout' in c && c.layout === 'edges')).toBe(true);
    // A mention of an error word in a run that exited 0 leaves a verdict ok too, as the log digest judges.
    expect(start('verdict').status).toBe('ok');
  });
});

describe('a successful build with warnings', () => {
  it('ranks the first warning of each kind with the outcome and asks for their room (make with gcc warnings)', () => {
    const kinds = ['unused variable ‘x’ [-Wunused-variable]', 'comparison of integer expressions of different signedness [-Wsign-compare]', 'unused parameter ‘argc’ [-Wunused-parameter]', 'implicit fallthrough [-Wimplicit-fallthrough=]', 'format ‘%d’ expects argument of type ‘int’ [-Wformat=]', 'variable ‘n’ set but not used [-Wunused-but-set-variable]'];
    const lines: Array<['stdout' | 'stderr', string]> = [['stdout', 'gcc -O2 -Wall -Wextra -c src/a.c -o src/a.o']];
    kinds.forEach((k, i) => lines.push(['stderr', `src/f${i}.c:${10 + i}:5: warning: ${k}`]));
    // Repeats of the first kind are not new.
    for (let i = 0; i < 6; i++) lines.push(['stderr', `src/g${i}.c:3:9: warning: unused variable ‘y${i}’ [-Wunused-variable]`]);
    lines.push(['stdout', 'gcc -o demo src/a.o']);
    const parts = run(byName('gcc'), lines, 0);
    expect(parts.status).toBe('warn');
    const high = parts.citations.filter((c) => c.kind === 'warnings' && c.priority === 'high');
    // Every distinct kind once (the first two warnings rank high whatever their kind).
    for (const k of kinds) expect(high.some((c) => c.label?.includes(`f${kinds.indexOf(k)}.c`)), k).toBe(true);
    expect(parts.warningBytes).toBeGreaterThan(kinds.join('').length);
  });
});

describe('a program run by its build tool', () => {
  it("ranks the last line of the program's stdout with the outcome when the build's own lines were all on stderr (cargo run)", () => {
    const lines: Array<['stdout' | 'stderr', string]> = [
      ['stderr', '   Compiling reconcile v0.1.0 (/w/reconcile)'],
      ['stderr', '    Finished `dev` profile [unoptimized + debuginfo] target(s) in 0.30s'],
      ['stderr', '     Running `target/debug/reconcile`'],
    ];
    for (let i = 1; i <= 40; i++) lines.push(['stdout', `ing 2026-11-${String((i % 30) + 1).padStart(2, '0')}: ${40 + (i % 5)} entries matched`]);
    lines.push(['stdout', 'RESULT: 1690 entries matched, 4 statements need review']);
    const parts = run(byName('cargo-build'), lines, 0);
    expect(parts.citations.find((c) => c.label === 'last line')).toMatchObject({ from: 41, priority: 'high' });
    expect(parts.warningBytes).toBeGreaterThan(0);
    // A build whose own lines are on stdout (make echoing gcc) keeps its last line below the outcome.
    const built = run(byName('gcc'), [['stdout', 'gcc -c -o a.o a.c'], ['stdout', 'a.c:3:5: warning: unused variable ‘x’ [-Wunused-variable]'], ['stdout', 'ar rcs libcore.a a.o']], 0);
    expect(built.citations.find((c) => c.label === 'last line')?.priority ?? 'normal').toBe('normal');
  });
});

import { describe, expect, it } from 'vitest';
import {
  DiagnosticParser,
  isTimestampedLog,
  parseDiagnosticLine,
  parseEslintStylishRow,
  parseGccLine,
  parseGoLine,
  parseRustHeader,
  parseRustLocation,
  parseSummaryLine,
  parseTscLine,
  type DiagnosticBlock,
} from '../../../src/reducers/compilers/diagnostics.js';

describe('single-line parsers', () => {
  it('reads both tsc layouts and the global form', () => {
    expect(parseTscLine("app/pages/chores.vue(104,5): error TS2322: Type 'A' is not assignable to type 'B'.")).toMatchObject({
      file: 'app/pages/chores.vue',
      line: 104,
      col: 5,
      severity: 'error',
      code: 'TS2322',
      message: "Type 'A' is not assignable to type 'B'.",
    });
    expect(parseTscLine('src/a.ts:12:5 - error TS2339: Property x does not exist.')).toMatchObject({ file: 'src/a.ts', line: 12, col: 5, format: 'tsc-pretty' });
    expect(parseTscLine("error TS18003: No inputs were found in config file 'tsconfig.json'.")).toMatchObject({ file: null, code: 'TS18003' });
    expect(parseTscLine('Found 3 errors in 2 files.')).toBeNull();
  });

  it('reads MSBuild canonical lines whatever the tool names its codes (a linter rule, a space before the colon)', () => {
    expect(parseTscLine("/p/src/api/orders.js(11,10): error no-undef : 'formatMony' is not defined.")).toMatchObject({
      file: '/p/src/api/orders.js',
      line: 11,
      col: 10,
      severity: 'error',
      code: 'no-undef',
      message: "'formatMony' is not defined.",
    });
    expect(parseTscLine('src/a.ts(3,1): warning @typescript-eslint/no-explicit-any : Unexpected any.')).toMatchObject({ severity: 'warning', code: '@typescript-eslint/no-explicit-any' });
    expect(parseTscLine('see the docs (page 4): error handling is described there')).toBeNull();
  });

  it('tolerates a GitHub Actions annotation prefix', () => {
    expect(parseTscLine("##[error]app/a.vue(63,53): error TS18047: 'settings.value' is possibly 'null'.")).toMatchObject({ file: 'app/a.vue', line: 63, code: 'TS18047' });
  });

  it('reads gcc and clang lines with and without a column and flag', () => {
    expect(parseGccLine("src/main.c:8:27: error: ‘struct point’ has no member named ‘z’")).toMatchObject({ file: 'src/main.c', line: 8, col: 27, severity: 'error', code: null });
    expect(parseGccLine("src/util.c:5:9: warning: unused variable ‘unused’ [-Wunused-variable]")).toMatchObject({ severity: 'warning', code: '-Wunused-variable', message: 'unused variable ‘unused’' });
    expect(parseGccLine('lib/x.h:3: fatal error: y.h: No such file or directory')).toMatchObject({ line: 3, col: null, severity: 'error' });
    expect(parseGccLine('src/main.c: In function ‘main’:')).toBeNull();
  });

  it('reads go build and vet lines, and leaves indented test output alone', () => {
    expect(parseGoLine('./main.go:12:5: undefined: x')).toMatchObject({ file: './main.go', line: 12, col: 5, message: 'undefined: x' });
    expect(parseGoLine('    main_test.go:12: expected 3, got 4')).toBeNull();
  });

  it('reads eslint unix and stylish rows', () => {
    expect(parseDiagnosticLine("/p/src/a.js:2:5: 'name' is assigned a value but never used. [Error/no-unused-vars]")).toMatchObject({ format: 'eslint-unix', severity: 'error', code: 'no-unused-vars', line: 2 });
    expect(parseEslintStylishRow("   2:5   warning  'name' is never reassigned. Use 'const' instead  prefer-const", 'a.js')).toMatchObject({ severity: 'warning', code: 'prefer-const', message: "'name' is never reassigned. Use 'const' instead" });
    expect(parseEslintStylishRow('  1:10  error  Parsing error: Unexpected token', 'a.js')).toMatchObject({ code: null, message: 'Parsing error: Unexpected token' });
    // stylelint: the severity as a glyph.
    expect(parseEslintStylishRow('    12:12  \u2716  Unknown property "colr"        property-no-unknown', 'app.css')).toMatchObject({ severity: 'error', code: 'property-no-unknown', message: 'Unknown property "colr"', line: 12, col: 12 });
    expect(parseEslintStylishRow('     3:1   \u26a0  Expected empty line before rule   rule-empty-line-before', 'app.css')).toMatchObject({ severity: 'warning', code: 'rule-empty-line-before' });
  });

  it('reads rustc headers and locations but not its verdicts', () => {
    expect(parseRustHeader('error[E0425]: cannot find value `WISHLISTS` in module `api`')).toMatchObject({ severity: 'error', code: 'E0425' });
    expect(parseRustHeader('warning: unused import: `std::fs`')).toMatchObject({ severity: 'warning', code: null });
    expect(parseRustHeader('error: could not compile `app` (bin "app") due to 2 previous errors')).toBeNull();
    expect(parseRustLocation('  --> tests/e2e.rs:14:20')).toEqual({ file: 'tests/e2e.rs', line: 14, col: 20 });
  });

  it('recognises verdict lines', () => {
    expect(parseSummaryLine('Found 12 errors in 4 files.')).toBe('failure');
    expect(parseSummaryLine('✖ 31 problems (12 errors, 19 warnings)')).toBe('failure');
    expect(parseSummaryLine('✖ 2 problems (0 errors, 2 warnings)')).toBe('count');
    expect(parseSummaryLine('make: *** [Makefile:9: src/main.o] Error 1')).toBe('failure');
    expect(parseSummaryLine('collect2: error: ld returned 1 exit status')).toBe('failure');
    expect(parseSummaryLine('    Finished `dev` profile [unoptimized + debuginfo] target(s) in 0.12s')).toBe('success');
    expect(parseSummaryLine('error TS2322: x')).toBeNull();
  });
});

function parseAll(lines: string[]): DiagnosticBlock[] {
  const parser = new DiagnosticParser();
  const out: DiagnosticBlock[] = [];
  lines.forEach((text, i) => {
    const done = parser.push(i + 1, text).done;
    if (done) out.push(done);
  });
  const last = parser.flush();
  if (last) out.push(last);
  return out;
}

describe('DiagnosticParser blocks', () => {
  it('spans a rustc diagnostic to its blank line and takes file, line and lint from inside', () => {
    const blocks = parseAll([
      'warning: unused variable: `n`',
      '  --> src/main.rs:11:9',
      '   |',
      '11 |     let n = 1;',
      '   |         ^ help: prefix it with an underscore',
      '   |',
      '   = note: `#[warn(unused_variables)]` on by default',
      '',
      'error[E0425]: cannot find function `totl` in this scope',
      '  --> src/main.rs:22:20',
      '...',
      'help: a function with a similar name exists',
      '',
    ]);
    expect(blocks.map((b) => [b.from, b.to])).toEqual([
      [1, 7],
      [9, 12],
    ]);
    expect(blocks[0]!.diagnostic).toMatchObject({ file: 'src/main.rs', line: 11, col: 9, code: 'unused_variables' });
    expect(blocks[1]!.diagnostic).toMatchObject({ code: 'E0425', line: 22 });
  });

  it('starts a gcc block at its In function line and keeps carets and a following note', () => {
    const blocks = parseAll([
      'gcc -c src/main.c',
      'src/main.c: In function ‘main’:',
      "src/main.c:10:12: error: redeclaration of ‘total’ with no linkage",
      '   10 |     retrun total;',
      '      |            ^~~~~',
      "src/main.c:8:9: note: previous definition of ‘total’ with type ‘int’",
      '    8 |     int total = add(p.x, p.z);',
      'make: *** [Makefile:9: src/main.o] Error 1',
    ]);
    expect(blocks).toHaveLength(1);
    expect(blocks[0]).toMatchObject({ from: 2, to: 7, at: 3 });
  });

  it('keeps notes behind an In file included from line with the error above them', () => {
    const blocks = parseAll([
      "src/main.cpp:9:11: error: cannot declare variable ‘s’ to be of abstract type ‘Shape’",
      '    9 |     Shape s;',
      'In file included from src/main.cpp:4:',
      'src/shape.h:3:8: note:   because the following virtual functions are pure within ‘Shape’:',
      '    3 | struct Shape { virtual double area() const = 0; };',
      'In file included from src/main.cpp:4:',
      "src/shape.h:9:1: error: expected ‘;’ after struct definition",
    ]);
    expect(blocks.map((b) => [b.from, b.to, b.at])).toEqual([
      [1, 5, 1],
      [6, 7, 7],
    ]);
  });

  it('keeps clang’s unindented source echo inside the block', () => {
    const blocks = parseAll(["a.c:3:1: error: unknown type name 'retrun'", 'retrun x;', '^', '1 error generated.']);
    expect(blocks[0]).toMatchObject({ from: 1, to: 3 });
  });

  it('gives eslint stylish rows the file from the header above and cites the header with the first row', () => {
    const blocks = parseAll(['', '/p/src/app.js', '   1:1   error    Unexpected var  no-var', '   5:3   warning  Unexpected console statement  no-console', '', '✖ 2 problems (1 error, 1 warning)']);
    expect(blocks.map((b) => [b.diagnostic.file, b.from, b.to])).toEqual([
      ['/p/src/app.js', 2, 3],
      ['/p/src/app.js', 4, 4],
    ]);
  });

  it('keeps tsc pretty code frames, blank lines inside, trailing blank lines out', () => {
    const blocks = parseAll(['src/a.ts:3:7 - error TS2322: Type x.', '', '3 const a: number = "s";', '        ~', '', '', 'Found 1 error in src/a.ts:3']);
    expect(blocks[0]).toMatchObject({ from: 1, to: 4 });
  });
  it('reads the dash layout under a file header: deeper lines go on with the message and may name its rule (pyright)', () => {
    const blocks = parseAll([
      '/p/app/models.py',
      '  /p/app/models.py:11:12 - error: Type "float" is not assignable to return type "int"',
      '    "float" is not assignable to "int" (reportReturnType)',
      '  /p/app/models.py:21:15 - error: "name" is not a known attribute of "None" (reportOptionalMemberAccess)',
      '/p/app/service.py',
      '  /p/app/service.py:1:8 - warning: Import "x" could not be resolved (reportMissingImports)',
      '1 error, 1 warning, 0 informations',
    ]);
    expect(blocks.map((b) => [b.from, b.to, b.diagnostic.code, b.diagnostic.severity])).toEqual([
      [2, 3, 'reportReturnType', 'error'],
      [4, 4, 'reportOptionalMemberAccess', 'error'],
      [6, 6, 'reportMissingImports', 'warning'],
    ]);
    expect(blocks[1]!.diagnostic).toMatchObject({ file: '/p/app/models.py', line: 21, col: 15, format: 'dash' });
    expect(parseSummaryLine('1790 errors, 0 warnings, 0 informations')).toBe('count');
  });
});

describe('isTimestampedLog', () => {
  it('tells a GitHub Actions job log from plain compiler output', () => {
    const ci = ['2025-05-26T02:33:22.2017188Z error[E0061]: this function takes 2 arguments', '2025-05-26T02:33:22.2019442Z ##[error]  --> tests/e2e.rs:14:20'].join('\n');
    expect(isTimestampedLog(ci)).toBe(true);
    expect(isTimestampedLog('error[E0061]: x\n  --> a.rs:1:1\n')).toBe(false);
  });
});

describe('DiagnosticTally on CI log lines', () => {
  it('counts diagnostics from timestamp-stripped lines and cites them by their original numbers', async () => {
    const { DiagnosticTally } = await import('../../../src/reducers/compilers/diagnostic-tally.js');
    const log = [
      '2026-02-12T05:25:37.0000000Z > nuxt typecheck',
      "2026-02-12T05:25:38.1167507Z ##[error]app/a.vue(63,53): error TS18047: 'settings.value' is possibly 'null'.",
      "2026-02-12T05:25:38.1175089Z ##[error]app/a.vue(655,29): error TS2532: Object is possibly 'undefined'.",
      '2026-02-12T05:25:38.1175089Z ##[error]Process completed with exit code 2.',
    ];
    const tally = new DiagnosticTally();
    log.forEach((line, i) => tally.line('stdout', i + 1, line.replace(/^\S+Z /, '')));
    tally.finish();
    let ref = 0;
    const parts = tally.parts(() => `t${++ref}`);
    expect(parts.fields).toMatchObject({ errors: 2, files: 1, codes: { TS18047: 1, TS2532: 1 } });
    expect(parts.citations[0]).toMatchObject({ from: 2, to: 3, priority: 'mandatory' });
  });
});

describe('neighbouring layouts', () => {
  it('reads MSBuild, eslint compact and golangci-lint lines', () => {
    expect(parseDiagnosticLine("Program.cs(12,5): error CS0103: The name 'x' does not exist in the current context [/w/app.csproj]")).toMatchObject({ file: 'Program.cs', line: 12, code: 'CS0103' });
    expect(parseDiagnosticLine("src/a.js: line 3, col 7, Error - 'x' is not defined. (no-undef)")).toMatchObject({ file: 'src/a.js', line: 3, col: 7, code: 'no-undef', severity: 'error' });
    expect(parseDiagnosticLine('main.go:12:5: ineffectual assignment to err (ineffassign)')).toMatchObject({ code: 'ineffassign', message: 'ineffectual assignment to err' });
    expect(parseDiagnosticLine('./a.go:14:11: r.Nme undefined (type Request has no field or method Nme)')).toMatchObject({ code: null, message: 'r.Nme undefined (type Request has no field or method Nme)' });
  });
});

describe('build drivers', () => {
  it('reads MSVC lines and ninja and cmake verdicts', () => {
    expect(parseDiagnosticLine("main.cpp(12): error C2065: 'x': undeclared identifier")).toMatchObject({ file: 'main.cpp', line: 12, col: null, code: 'C2065' });
    expect(parseSummaryLine('FAILED: CMakeFiles/app.dir/main.c.o')).toBe('failure');
    expect(parseSummaryLine('ninja: build stopped: subcommand failed.')).toBe('failure');
    expect(parseSummaryLine('gmake[2]: *** [CMakeFiles/app.dir/build.make:76: CMakeFiles/app.dir/main.c.o] Error 1')).toBe('failure');
  });
});

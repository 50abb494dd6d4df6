/**
 * The generic structure reducers: tables, logs, records, lists, SQL sessions and tracebacks, as
 * building blocks (scanners) and as reducers picked from content when output is piped with no hints.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TableScanner, gridColumns, gridNumberEnds, splitDelimited } from '../../../src/reducers/generic/table-scan.js';
import { ProblemLog, accessOf, levelOf, pathTemplate } from '../../../src/reducers/generic/log-problems.js';
import { RecordBlocks } from '../../../src/reducers/generic/record-blocks.js';
import { ItemList, directoryOf, extensionOf } from '../../../src/reducers/generic/item-list.js';
import { SqlSession } from '../../../src/reducers/generic/sql-session.js';
import { listScore, logScore, recordScore, tableScore } from '../../../src/reducers/generic/shape-detect.js';
import type { LineCitation } from '../../../src/core/types.js';
import { run } from '../helpers.js';

function feed(scanner: { line(s: 'stdout' | 'stderr', n: number, t: string): unknown }, text: string): void {
  text.split('\n').forEach((line, i) => scanner.line('stdout', i + 1, line));
}
function refs(): () => string {
  let i = 0;
  return () => `c${++i}`;
}
const lines = (citations: readonly unknown[]) => (citations as LineCitation[]).map((c) => [c.from, c.to, c.label]);

const PSQL = [
  ' id | queue  | state   | attempts',
  '----+--------+---------+----------',
  ...Array.from({ length: 40 }, (_, i) => ` ${String(i + 1).padStart(2)} | ${['email', 'billing'][i % 2]!.padEnd(6)} | ${(i === 9 ? 'failed' : i === 30 ? 'running' : 'done').padEnd(7)} | ${i % 3}`),
  '(40 rows)',
].join('\n');

describe('TableScanner', () => {
  it('takes two lines that space alike for no table, and two rows under a header for one', () => {
    const notices = new TableScanner();
    feed(notices, ['==> stage 1 of 8: applying migrations/001_orders.sql', 'psql:migrations/001_orders.sql:1: NOTICE:  relation "orders_1_idx" already exists, skipping', 'psql:migrations/002_orders.sql:2: NOTICE:  relation "orders_2_idx" already exists, skipping', '==> stage 2 of 8'].join('\n'));
    expect(notices.finish(refs()).fields.tables).toBeUndefined();
    const two = new TableScanner();
    feed(two, ['NAME      STATUS    AGE', 'api-0     Running   3d', 'api-1     Pending   1m'].join('\n'));
    expect((two.finish(refs()).fields.tables as Array<Record<string, unknown>>)[0]).toMatchObject({ kind: 'aligned', rows: 2 });
  });

  it('reads a psql box: header, row count from the footer, status counts, the rows that differ', () => {
    const scanner = new TableScanner();
    feed(scanner, PSQL);
    const out = scanner.finish(refs());
    const table = (out.fields.tables as Array<Record<string, unknown>>)[0]!;
    expect(table).toMatchObject({ kind: 'psql', rows: 40, columns: ['id', 'queue', 'state', 'attempts'] });
    expect(table.counts).toMatchObject({ state: { done: 38, failed: 1, running: 1 } });
    const cited = lines(out.citations);
    expect(cited).toContainEqual([12, 12, 'row with state failed']);
    expect(cited).toContainEqual([33, 33, 'row with state running']);
    expect(cited).toContainEqual([1, 5, 'table header and first 3 rows']);
    expect(cited).toContainEqual([40, 43, 'last rows and the row count']);
  });

  it('cites a status value rare beside the largest even where no value dominates, not the even shares', () => {
    // paid about half, refunded, failed and pending a sixth each, and one chargeback in the middle.
    const statuses = ['paid', 'refunded', 'paid', 'failed', 'paid', 'pending'];
    const rows = Array.from({ length: 300 }, (_, i) => ` ${String(i + 1).padStart(3)} | ${(i === 150 ? 'chargeback' : statuses[i % 6]!).padEnd(10)} | ${(i * 37) % 5000}`);
    const scanner = new TableScanner();
    feed(scanner, [' id  | status     | cents', '-----+------------+-------', ...rows, '(300 rows)'].join('\n'));
    const cited = lines(scanner.finish(refs()).citations);
    expect(cited).toContainEqual([153, 153, 'row with status chargeback']);
    expect(cited.filter((c) => String(c[2]).startsWith('row with status'))).toHaveLength(1);
  });

  it('reads a header over a rule of = runs (dpkg -l): one column per run, the odd status row cited', () => {
    const rows = Array.from({ length: 60 }, (_, i) => `${i === 41 ? 'rc' : 'ii'}  ${`pkg${String(i).padStart(2, '0')}`.padEnd(12)} ${`1.${i}-1`.padEnd(9)} ${i % 3 ? 'amd64' : 'all  '}        package number ${i}`);
    const scanner = new TableScanner();
    feed(scanner, ['Desired=Unknown/Install/Remove/Purge/Hold', '||/ Name         Version   Architecture Description', '+++-============-=========-============-====================', ...rows].join('\n'));
    const out = scanner.finish(refs());
    expect((out.fields.tables as Array<Record<string, unknown>>)[0]).toMatchObject({ kind: 'aligned', rows: 60, columns: ['||/', 'Name', 'Version', 'Architecture', 'Description'] });
    expect(lines(out.citations)).toContainEqual([45, 45, 'first row with ||/ rc']);
  });

  it('reads mysql boxes, aligned columns over a dashed rule, and CSV with quoted cells', () => {
    const mysql = new TableScanner();
    feed(mysql, '+----+-------+\n| id | state |\n+----+-------+\n|  1 | ok    |\n|  2 | ok    |\n|  3 | bad   |\n+----+-------+\n3 rows in set (0.00 sec)');
    expect((mysql.finish(refs()).fields.tables as Array<Record<string, unknown>>)[0]).toMatchObject({ kind: 'mysql', rows: 3, columns: ['id', 'state'] });

    const box = new TableScanner();
    feed(box, '┌────┬────────┐\n│ id │ status │\n├────┼────────┤\n│ 1  │ up     │\n│ 2  │ up     │\n│ 3  │ up     │\n│ 4  │ down   │\n└────┴────────┘');
    const boxOut = box.finish(refs());
    expect((boxOut.fields.tables as Array<Record<string, unknown>>)[0]).toMatchObject({ kind: 'box', rows: 4, columns: ['id', 'status'], counts: { status: { up: 3, down: 1 } } });
    expect(lines(boxOut.citations)).toContainEqual([7, 7, 'row with status down']);

    const pip = new TableScanner();
    feed(pip, 'Package    Version\n---------- -------\nfast-check 4.3.0\nvitest     4.1.12');
    expect((pip.finish(refs()).fields.tables as Array<Record<string, unknown>>)[0]).toMatchObject({ kind: 'aligned', rows: 2, columns: ['Package', 'Version'] });

    const csv = new TableScanner();
    feed(csv, 'name,note,status\na,"x, y",ok\nb,"say ""hi""",ok\nc,z,failed');
    expect((csv.finish(refs()).fields.tables as Array<Record<string, unknown>>)[0]).toMatchObject({ kind: 'csv', rows: 3 });
    expect(splitDelimited('b,"say ""hi""",ok', ',')).toEqual(['b', 'say "hi"', 'ok']);
  });

  it('cites the rows with the largest values of a measure column, not of an id, a version or an ordered column', () => {
    const rows = Array.from({ length: 200 }, (_, i) => {
      const size = i === 120 ? 160294 : i === 45 ? 140100 : i === 170 ? 131212 : 100 + ((i * 37) % 900);
      return `f${i},${1000 + i},${size},1.${i}.0,${i * 10}`;
    });
    const scanner = new TableScanner();
    feed(scanner, ['name,pid,bytes,version,offset', ...rows].join('\n'));
    const out = scanner.finish(refs());
    expect((out.fields.tables as Array<Record<string, unknown>>)[0]).toMatchObject({ kind: 'csv', largest: { bytes: 160294 } });
    const largest = lines(out.citations).filter(([, , label]) => String(label).startsWith('row with a largest'));
    expect(largest).toEqual([[122, 122, 'row with a largest bytes (160294)'], [47, 47, 'row with a largest bytes (140100)'], [172, 172, 'row with a largest bytes (131212)']]);
  });

  it('counts a column of up to 16 values over ten rows each as a grouping column, citing the first row of each rare value', () => {
    const rare = ['Python-2.0', 'BlueOak-1.0.0', 'CC0-1.0', 'MIT-0', 'BSD-2-Clause', 'Unlicense', 'WTFPL', 'Zlib', '0BSD'];
    const rows = Array.from({ length: 200 }, (_, i) => `"pkg${i}@1.0.0","${i % 20 === 7 ? rare[(i - 7) / 20 % rare.length] : i % 3 ? 'MIT' : 'ISC'}","https://x/${i}"`);
    const scanner = new TableScanner();
    feed(scanner, ['"module name","license","repository"', ...rows].join('\n'));
    const out = scanner.finish(refs());
    expect(((out.fields.tables as Array<Record<string, unknown>>)[0]!.counts as Record<string, Record<string, number>>).license).toMatchObject({ MIT: expect.any(Number), 'Python-2.0': 2 });
    expect(lines(out.citations)).toContainEqual([9, 9, 'first row with license Python-2.0']);
  });

  it('stops counting a column past 16 distinct values (bounded state)', () => {
    const scanner = new TableScanner();
    feed(scanner, ['NAME    STATUS', ...Array.from({ length: 500 }, (_, i) => `n${i}      s${i}`)].join('\n'));
    const table = (scanner.finish(refs()).fields.tables as Array<Record<string, unknown>>)[0]!;
    expect(table.rows).toBe(500);
    expect(table.counts).toBeUndefined();
  });
});

describe('aligned tables read word by word', () => {
  const PS = [
    'USER       PID %CPU %MEM    VSZ   RSS TTY      STAT START   TIME COMMAND',
    ...Array.from({ length: 30 }, (_, i) => `${(i % 7 === 3 ? 'postgres' : 'root').padEnd(8)} ${String(1 + i * 37).padStart(5)}  ${(i / 10).toFixed(1).padStart(3)}  0.${i % 10} ${String(1000 + i * 4321).padStart(6)} ${String(200 + i * 99).padStart(5)} ?        ${(i === 17 ? 'Z' : i % 3 ? 'S' : 'Ss').padEnd(4)} 08:09   0:0${i % 10} /usr/bin/worker --id ${i} --queue q${i % 4}`),
  ].join('\n');

  it('splits right-aligned number columns under their header words (ps aux), the last column free text', () => {
    const scanner = new TableScanner();
    feed(scanner, PS);
    const out = scanner.finish(refs());
    const table = (out.fields.tables as Array<Record<string, unknown>>)[0]!;
    expect(table).toMatchObject({ kind: 'aligned', rows: 30, columns: ['USER', 'PID', '%CPU', '%MEM', 'VSZ', 'RSS', 'TTY', 'STAT', 'START', 'TIME', 'COMMAND'] });
    expect(table.counts).toMatchObject({ STAT: { S: 19, Ss: 10, Z: 1 }, USER: { root: 26, postgres: 4 } });
    expect(lines(out.citations)).toContainEqual([19, 19, 'row with STAT Z']);
  });

  it('joins a header word with no value of its own to its neighbour (Mounted on, Local Address:Port)', () => {
    const df = new TableScanner();
    feed(df, ['Filesystem      Size  Used Avail Use% Mounted on', '/dev/vda        252G   25G   78G  24% /', 'tmpfs            24G     0   24G   0% /dev/shm', 'tmpfs            12G     0   12G   0% /sys/fs/cgroup'].join('\n'));
    expect((df.finish(refs()).fields.tables as Array<Record<string, unknown>>)[0]).toMatchObject({ rows: 3, columns: ['Filesystem', 'Size', 'Used', 'Avail', 'Use%', 'Mounted on'] });
    const ss = new TableScanner();
    feed(ss, ['Netid State  Recv-Q Send-Q Local Address:Port  Peer Address:Port', 'tcp   LISTEN 0      128          0.0.0.0:2024       0.0.0.0:*', 'tcp   LISTEN 0      511        127.0.0.1:5432       0.0.0.0:*'].join('\n'));
    expect((ss.finish(refs()).fields.tables as Array<Record<string, unknown>>)[0]).toMatchObject({ rows: 2, columns: ['Netid', 'State', 'Recv-Q', 'Send-Q', 'Local Address:Port', 'Peer Address:Port'] });
  });

  it('ends the table at a line whose words fall between the columns', () => {
    const scanner = new TableScanner();
    feed(scanner, [PS.split('\n').slice(0, 6).join('\n'), 'a b c d e f g h i j k l m n o p'].join('\n'));
    expect((scanner.finish(refs()).fields.tables as Array<Record<string, unknown>>)[0]).toMatchObject({ rows: 5 });
  });
});

describe('headerless grids', () => {
  const NM = Array.from({ length: 30 }, (_, i) => `${(0x4000 + i * 0x40).toString(16).padStart(16, '0')} ${(i * 7 + 5).toString(16).padStart(16, '0')} ${i === 21 ? 'D' : i % 9 === 4 ? 'W' : 'T'} sym_${i}`);

  it('finds the columns of lines that line up, and not of prose or a log with a fixed prefix', () => {
    expect(gridColumns(NM.slice(0, 8))).toEqual([0, 17, 34, 36]);
    const prose = Array.from({ length: 8 }, (_, i) => `This is line ${i} of some text that wraps ${'word '.repeat(i % 3)}and goes on.`);
    expect(gridColumns(prose)).toBeNull();
    const log = Array.from({ length: 8 }, (_, i) => `2026-11-24T10:00:0${i}Z INFO  worker ${'step '.repeat(i % 4)}done`);
    expect(gridColumns(log)).toBeNull();
  });

  it("takes a grid's right-aligned numbers out as a column of their own, so the largest stand out (tar -tv, ls -l)", () => {
    const sizes = Array.from({ length: 40 }, (_, i) => (i === 23 ? 160294 : i === 31 ? 140100 : i === 9 ? 99000 : [5000, 100, 20][i % 3]! + i));
    const tar = sizes.map((size, i) => `-rw-r--r-- root/root ${String(size).padStart(9)} 2026-11-24 08:16 pkg/dir${i % 4}/file${i}.js`);
    const starts = gridColumns(tar.slice(0, 8))!;
    expect(gridNumberEnds(tar, starts)).toEqual([30]);
    const scanner = new TableScanner(null, true);
    feed(scanner, tar.join('\n'));
    const out = scanner.finish(refs());
    expect((out.fields.tables as Array<Record<string, unknown>>)[0]).toMatchObject({ kind: 'columns', rows: 40, largest: { col3: 160294 } });
    expect(lines(out.citations).filter(([, , label]) => String(label).startsWith('row with a largest')).map(([from]) => from)).toEqual([24, 32, 10]);
  });

  it('reads a grid as a table with counts and the first row of each smaller group, only when asked', () => {
    const scanner = new TableScanner(null, true);
    feed(scanner, NM.join('\n'));
    const out = scanner.finish(refs());
    expect((out.fields.tables as Array<Record<string, unknown>>)[0]).toMatchObject({ kind: 'columns', rows: 30, counts: { col3: { T: 26, W: 3, D: 1 } } });
    expect(lines(out.citations)).toContainEqual([5, 5, 'first row with col3 W']);
    expect(lines(out.citations)).toContainEqual([22, 22, 'first row with col3 D']);
    const plain = new TableScanner();
    feed(plain, NM.join('\n'));
    expect(plain.finish(refs()).fields.tables).toBeUndefined();
    expect(run(NM.join('\n')).reducer).toMatch(/^table@/);
  });
});

describe('ProblemLog', () => {
  it('lists six different problems in 3,000 lines once each, ranked by severity then first line', () => {
    const log = new ProblemLog();
    const problems: Record<number, string> = {
      400: 'ERROR auth: password authentication failed for user "bob"',
      900: 'WARN pool: connection 17 idle for 300s',
      1400: 'ERROR db: deadlock detected on relation 16384',
      2000: 'FATAL worker 3 crashed: signal 11',
      2500: 'ERROR http: upstream 10.0.0.7:8080 timed out after 30s',
      2900: 'INFO recovery: worker 3 restarted',
    };
    for (let n = 1; n <= 3000; n++) {
      const text = problems[n] ?? (n % 700 === 0 ? `ERROR auth: password authentication failed for user "u${n}"` : `INFO request ${n} served in ${n % 90}ms`);
      log.line('stdout', n, `2026-11-23T10:00:${String(n % 60).padStart(2, '0')}Z ${text}`);
    }
    const out = log.finish(refs());
    const firsts = (out.citations as LineCitation[]).filter((c) => c.kind === 'problem').map((c) => c.from);
    expect(firsts).toEqual([2000, 400, 1400, 2500, 900]);
    const auth = (out.citations as LineCitation[]).find((c) => c.from === 400)!;
    expect(auth.label).toBe('ERROR ×4, first of 4 (last at line 2,800)');
    expect(out.fields.levels).toEqual({ INFO: 2992, ERROR: 6, WARN: 1, FATAL: 1 });
  });

  it('reads levels from words, keys, klog, syslog and exception lines', () => {
    expect(levelOf('2026/11/23 23:55:12 [error] 4278#4278: *3 connect() failed')?.level).toBe('ERROR');
    expect(levelOf('time=2026 level=warn msg="slow"')?.level).toBe('WARN');
    expect(levelOf('{"level":50,"msg":"boom"}')?.level).toBe('ERROR');
    expect(levelOf('E1123 10:00:00.123456 1 reflector.go:1] failed')?.level).toBe('ERROR');
    expect(levelOf('<2>kernel: oops')?.severity).toBe(3);
    expect(levelOf('ValueError: invalid literal')?.level).toBe('ERROR');
    expect(levelOf('just some text')).toBeNull();
  });

  it('counts access-log status classes and folds non-2xx requests into templates', () => {
    expect(accessOf('127.0.0.1 - - [23/Nov/2026:23:55:12 +0000] "GET /api/orders/5?x=1 HTTP/1.1" 502 157 "-" "curl"')).toEqual({ method: 'GET', path: '/api/orders/5?x=1', status: 502 });
    expect(accessOf('{"time":"t","request":"POST /login HTTP/1.1","status":401}')).toEqual({ method: 'POST', path: '/login', status: 401 });
    expect(pathTemplate('/api/orders/5/items?x=1')).toBe('/api/orders/#/items?…');
    const log = new ProblemLog();
    for (let n = 1; n <= 100; n++) log.line('stdout', n, `10.0.0.1 - - [23/Nov/2026:10:00:00 +0000] "GET /u/${n} HTTP/1.1" ${n % 10 === 0 ? 500 : 200} 5 "-" "x"`);
    const out = log.finish(refs());
    expect(out.fields.httpStatus).toEqual({ '2xx': 90, '5xx': 10 });
    expect((out.citations as LineCitation[]).filter((c) => c.kind === 'problem')).toHaveLength(1);
  });
});

describe('RecordBlocks', () => {
  it('counts blocks, names keys, cites identity lines and finds the fields that differ', () => {
    const blocks = new RecordBlocks();
    feed(blocks, 'Package: a\nVersion: 1\nPriority: optional\nDescription: x\n more text\n\nPackage: b\nVersion: 2\nPriority: optional\nDescription: y');
    const out = blocks.finish(refs());
    expect(out.fields).toMatchObject({ records: 2, keys: ['Package', 'Version', 'Priority', 'Description'], differing: ['Package', 'Version', 'Description'] });
    expect(lines(out.citations.filter((c) => c.kind === 'record identity'))).toEqual([[1, 1, 'record 1: Package'], [7, 7, 'record 2: Package']]);
  });

  it('reads psql expanded display', () => {
    const blocks = new RecordBlocks(true);
    feed(blocks, 'BEGIN\n-[ RECORD 1 ]--\nid    | 1\nstate | done\n-[ RECORD 2 ]--\nid    | 2\nstate | failed');
    expect(blocks.finish(refs()).fields).toMatchObject({ records: 2, differing: ['id', 'state'] });
  });
});

describe('ItemList', () => {
  it('groups grep matches per file and git status letters', () => {
    const grep = new ItemList();
    feed(grep, 'src/a.ts:1:x\nsrc/a.ts:9:y\nsrc/b.ts:3:z');
    expect(grep.finish(refs()).fields).toMatchObject({ items: 3, listKind: 'grep', 'matches per file': { 'src/a.ts': 2, 'src/b.ts': 1 } });
    const status = new ItemList();
    feed(status, ' M src/a.ts\n M src/b.ts\n?? docs/new.md\nA  test/x.test.ts');
    expect(status.finish(refs()).fields).toMatchObject({ items: 4, listKind: 'status', status: { M: 2, '??': 1, A: 1 } });
    expect(directoryOf('./src/reducers/generic/x.ts')).toBe('src/reducers');
    expect(extensionOf('a/b.test.ts')).toBe('.ts');
  });

  it('reads paths written the Windows way (dir /s /b, Get-ChildItem, rg --files on Windows)', () => {
    const win = new ItemList();
    feed(win, ['app\\package.json', 'app\\README.md', 'app\\backend\\src\\server.ts', 'app\\backend\\src\\db\\pool.ts', 'app\\node_modules\\cross-env\\LICENSE'].join('\n'));
    expect(win.finish(refs()).fields).toMatchObject({ items: 5, listKind: 'paths', directories: { app: 2, 'app\\backend': 2, 'app\\node_modules': 1 }, extensions: { '.json': 1, '.md': 1, '.ts': 2, '(none)': 1 } });
    expect(directoryOf('C:\\Users\\ana\\src\\app\\main.ts')).toBe('C:\\Users\\ana\\src');
    expect(directoryOf('/usr/lib/go/src/fmt/print.go')).toBe('/usr/lib/go');
    expect(extensionOf('app\\backend\\server.test.ts')).toBe('.ts');
    // A path with both kinds of slash is read the POSIX way.
    expect(directoryOf('src/a\\b/c.ts')).toBe('src/a\\b');
  });

  it('keeps the largest entries of a du listing', () => {
    const du = new ItemList();
    feed(du, '4\t./a\n900\t./b\n12\t./c\n1000\t.');
    const out = du.finish(refs());
    expect((out.citations as LineCitation[]).filter((c) => c.kind === 'largest').map((c) => c.from)).toEqual([4, 2, 3, 1]);
  });

  it('groups a listing with columns before a tab by the path after the tab (git ls-files -s)', () => {
    const staged = new ItemList();
    feed(staged, ['100644 88558f41673a814f619b9acff71907c6fde1e34c 0\tsrc/a.ts', '100755 181f114ae5e3db655520b7a8b67e8814a880432f 0\tbin/run', '100644 8cd90e13e6ebc62f9b679860e04b5692dad23dec 0\tsrc/b.ts'].join('\n'));
    expect(staged.finish(refs()).fields).toMatchObject({ items: 3, directories: { src: 2, bin: 1 }, extensions: { '.ts': 2, '(none)': 1 } });
  });

  it('outlines a long path list by its shallowest levels that fit', () => {
    const list = new ItemList();
    const paths = ['README.md', 'package.json', 'src/cli.ts', 'src/core/packer.ts', ...Array.from({ length: 400 }, (_, i) => `fixtures/case${i}/input/stdout`), 'src/core/types.ts'];
    feed(list, paths.join('\n'));
    const outline = (list.finish(refs()).citations as LineCitation[]).find((c) => c.kind === 'outline')!;
    expect(outline.layout).toBe('index');
    expect(outline.focus).toEqual([1, 2, 3, 4, 405]);
    expect(outline.label).toBe('the 5 shallowest paths (up to 3 levels deep)');
  });

  it('leaves a short or flat list without an outline', () => {
    const flat = new ItemList();
    feed(flat, Array.from({ length: 300 }, (_, i) => `file${i}.txt`).join('\n'));
    expect((flat.finish(refs()).citations as LineCitation[]).some((c) => c.kind === 'outline')).toBe(false);
  });
});

describe('SqlSession', () => {
  it('cites an error with its LINE, caret and HINT, and the last statement done before it', () => {
    const sql = new SqlSession();
    feed(sql, 'BEGIN\nUPDATE 4\npsql:m.sql:6: ERROR:  column "stat" does not exist\nLINE 1: select stat from jobs\n               ^\nHINT:  Perhaps you meant "state".');
    const out = sql.finish(refs());
    expect(lines(out.citations)).toEqual([[3, 6, 'SQL error'], [2, 2, 'last statement done before the first error']]);
    expect(out.fields).toMatchObject({ sqlErrors: 1, statements: { BEGIN: 1, UPDATE: 1 } });
  });
});

describe('detection from content (piped, no argv)', () => {
  it('picks the structure reducer by shape and leaves diffs to the diff reducer', () => {
    expect(run(PSQL).reducer).toMatch(/^sql@/);
    expect(run('ERROR:  relation "x" does not exist\nLINE 1: select * from x\n                      ^\n').reducer).toMatch(/^sql@/);
    const access = Array.from({ length: 30 }, (_, i) => `10.0.0.${i} - - [23/Nov/2026:10:00:00 +0000] "GET /x HTTP/1.1" 200 5 "-" "curl"`).join('\n');
    expect(run(access).reducer).toMatch(/^log@/);
    expect(run('Id: a.service\nType: simple\nMainPID: 12\nRestart: no\n\nId: b.service\nType: oneshot\n').reducer).toMatch(/^records@/);
    // A record set a family prints gets that family's name.
    expect(run('Package: a\nVersion: 1\nArchitecture: all\nMaintainer: m\n\nPackage: b\nVersion: 2\n').reducer).toMatch(/^apt-query@/);
    expect(run('./a/b.ts\n./a/c.ts\n./d/e.md\n./f.json\n').reducer).toMatch(/^list@/);
    expect(run('', [], { stderr: 'Traceback (most recent call last):\n  File "x.py", line 1, in <module>\nValueError: bad\n' }).reducer).toMatch(/^traceback@/);
    expect(run('NAME      STATUS    AGE\nweb-1     Running   3d\nweb-2     Error     3d\n').reducer).not.toMatch(/^text@/);
    expect(run('diff --git a/x b/x\n--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+b\n').reducer).toMatch(/^diff@/);
    expect(tableScore('just\nsome\nprose here\n')).toBe(0);
    expect(recordScore('a: b\nsome prose\nmore prose\nand more\n')).toBe(0);
    expect(listScore('src/a.c:3:1: error: x\nsrc/a.c:4:1: error: y\nsrc/a.c:5:1: error: z\n')).toBe(0);
    expect(logScore('hello\nworld\nagain\n')).toBe(0);
  });

  it('does not read lines that all start with the same `word:` as records', () => {
    const prefixed = Array.from({ length: 20 }, (_, i) => `svc: round ${i} against nginx: ok in ${i} ms`).join('\n');
    expect(recordScore(prefixed)).toBe(0);
    // Nor lines whose "keys" are one sentence with other numbers.
    const counted = Array.from({ length: 40 }, (_, i) => `processed record ${i} of 1500: ok`).join('\n');
    expect(recordScore(counted)).toBe(0);
    expect(run(counted).reducer).not.toMatch(/^records@/);
    expect(run(prefixed).reducer).not.toMatch(/^records@/);
    // Inside a structure run too: the one-key "records" give way to the next structure or the digest.
    const blocks = new RecordBlocks();
    feed(blocks, prefixed);
    expect(blocks.fits()).toBe(false);
    const records = new RecordBlocks();
    feed(records, 'Id: a\nType: simple\n\nId: b\nType: oneshot');
    expect(records.fits()).toBe(true);
  });

  it("does not take another tool's output for an install because npm warned around it", () => {
    const tree = ['ms@2.0.0', 'node_modules/ms', '  ms@"2.0.0" from debug@2.6.9', '  node_modules/debug', ...Array.from({ length: 30 }, (_, i) => `    dep${i}@"^1.0.0" from pkg${i}@1.0.0`)].join('\n');
    const warn = 'npm warn Unknown user config "nodedir". This will stop working in the next major version of npm.';
    expect(run(`${tree}\n${warn}\n`).reducer).not.toMatch(/^npm-install@/);
    expect(run(`${warn}\nadded 12 packages, and audited 13 packages in 2s\n`).reducer).toMatch(/^npm-install@/);
    expect(run(Array.from({ length: 6 }, (_, i) => `npm warn deprecated pkg${i}@1.0.0: no longer supported`).join('\n')).reducer).toMatch(/^npm-install@/);
  });

  it("knows pip's wheel and download runs from their own lines, with no command", () => {
    const wheel = ['Looking in links: /opt/wheels', 'Processing ./acme', 'Processing ./idx/httpx-0.28.1-py3-none-any.whl (from acme-tools==1.4.2)', 'Building wheels for collected packages: acme-tools', 'Successfully built acme-tools', 'Saved ./wheels/httpx-0.28.1-py3-none-any.whl'].join('\n');
    expect(run(wheel).reducer).toMatch(/^pip-install@/);
  });

  it('reads bracketed log lines as text, not as JSON that failed to parse', () => {
    for (const head of ['[runner] preparing batch 1 of 4', '[INFO] Scanning for projects...', '[2026-11-24 10:00:01] started', '[1/3] Building', '{ a: 1 }']) {
      const packet = run(`${head}\nsecond line\nthird line\n`);
      expect(packet.reducer, head).not.toMatch(/^json@/);
    }
    for (const json of ['[\n  1,\n  2\n]', '[{"a":1}]', '{"a": [1]}', '[1, 2]', '["x"]', '[true]', '{}']) expect(run(`${json}\n`).reducer, json).toMatch(/^json@/);
  });
});

/** Random input of each shape: the reducer never throws and the packet keeps to its budget. */
describe('properties of the structure reducers', () => {
  const cell = fc.oneof(fc.constantFrom('ok', 'failed', 'done', 'running', '', '|', ',', '"'), fc.string({ maxLength: 12 }), fc.integer().map(String));
  const row = fc.array(cell, { minLength: 1, maxLength: 6 });
  const shapes: Record<string, fc.Arbitrary<string>> = {
    psql: fc.array(row, { maxLength: 200 }).map((rows) => [' a | b | c', '---+---+---', ...rows.map((r) => r.join(' | ')), `(${rows.length} rows)`].join('\n')),
    csv: fc.array(row, { maxLength: 200 }).map((rows) => ['a,b,c', ...rows.map((r) => r.join(','))].join('\n')),
    aligned: fc.array(row, { maxLength: 200 }).map((rows) => ['NAME   STATUS   AGE', ...rows.map((r) => r.join('   '))].join('\n')),
    log: fc.array(fc.tuple(fc.constantFrom('ERROR', 'WARN', 'INFO', 'FATAL', 'level=error', '[error]', '<3>'), fc.string({ maxLength: 40 })), { maxLength: 300 }).map((ls) => ls.map(([l, t]) => `2026-11-23T10:00:00Z ${l} ${t}`).join('\n')),
    access: fc.array(fc.tuple(fc.integer({ min: 100, max: 599 }), fc.string({ maxLength: 20 })), { maxLength: 300 }).map((ls) => ls.map(([s, p]) => `1.2.3.4 - - [x] "GET /${p.replace(/[\s"]/g, '')} HTTP/1.1" ${s} 1 "-" "-"`).join('\n')),
    records: fc.array(fc.tuple(fc.constantFrom('Package', 'Version', 'Name', 'Status', ' continued'), fc.string({ maxLength: 20 })), { maxLength: 300 }).map((ls) => ls.map(([k, v]) => (k.startsWith(' ') ? `${k} ${v}` : `${k}: ${v}`)).join('\n')),
    list: fc.array(fc.tuple(fc.constantFrom('src/', './a/b/', ' M ', '?? ', '12\t', 'x.ts:3:'), fc.string({ maxLength: 20 })), { maxLength: 300 }).map((ls) => ls.map(([a, b]) => a + b.replace(/\s/g, '_')).join('\n')),
  };
  for (const [shape, arbitrary] of Object.entries(shapes)) {
    it(`${shape}: never throws and keeps to --max-bytes`, () => {
      fc.assert(
        fc.property(arbitrary, fc.integer({ min: 1500, max: 8000 }), fc.integer({ min: 0, max: 1 }), (text, maxBytes, code) => {
          const result = runBudget(text, maxBytes, code);
          expect(result.packet).toBeTruthy();
          if (!result.packet!.verbatim) expect(Buffer.byteLength(result.text), result.text).toBeLessThanOrEqual(maxBytes);
        }),
        { numRuns: 40 },
      );
    });
  }
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import { reduceOutputSync } from '../../../src/api.js';
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'reduce-structure-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));
let runs = 0;
function runBudget(stdout: string, maxBytes: number, code: number) {
  return reduceOutputSync({ stdout, argv: [], command: '', exit: { code, signal: null }, mode: 'pipe', maxBytes, outputsDir: path.join(work, String(runs++)), cwd: work });
}

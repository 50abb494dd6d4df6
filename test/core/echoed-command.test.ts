import { describe, expect, it } from 'vitest';
import { parseJsonText } from '../../src/capture/json-document.js';
import { splitCommand } from '../../src/core/argv.js';
import { detectReducer } from '../../src/core/detect.js';
import { echoedCommand } from '../../src/core/echoed-command.js';
import { resolveIntent } from '../../src/core/intent.js';
import { reducers } from '../../src/reducers/registry.js';

const echoed = (command: string, head: string) => echoedCommand(splitCommand(command), head);

describe('the command a task runner echoed', () => {
  it('reads npm and pnpm script headers, yarn and bun echoes', () => {
    expect(echoed('npm run lint', '\n> shop@1.4.0 lint\n> eslint . --max-warnings 0\n\n/src/a.js\n')).toEqual({ argv: ['eslint', '.', '--max-warnings', '0'], line: 2 });
    expect(echoed('npm test', '\n> @acme/shop@1.4.0 test\n> vitest run\n\n RUN  v4.0.0\n')).toEqual({ argv: ['vitest', 'run'], line: 2 });
    expect(echoed('pnpm run build', '\n> shop@1.4.0 build /work/shop\n> tsc -p .\n\n')?.argv).toEqual(['tsc', '-p', '.']);
    expect(echoed('yarn run test', 'yarn run v1.22.19\n$ jest --ci\nPASS src/a.test.js\n')).toEqual({ argv: ['jest', '--ci'], line: 1 });
  });

  it('follows a script that runs another script to that one\'s header', () => {
    const head = '\n> shop@1.4.0 check\n> npm run lint && npm test\n\n\n> shop@1.4.0 test\n> pytest -q\n\n..F\n';
    expect(echoed('npm run check', head)?.argv).toEqual(['pytest', '-q']);
  });

  it('takes the last command of a chain, past its launchers', () => {
    expect(echoed('npm run e2e', '\n> shop@1.4.0 e2e\n> cd e2e && npx playwright test --reporter=line\n\n')?.argv).toEqual(['playwright', 'test', '--reporter=line']);
  });

  it("reads make's first line that is not its own as its echo", () => {
    expect(echoed('make test', 'go test ./...\nok  \texample.com/x\t0.01s\n')).toEqual({ argv: ['go', 'test', './...'], line: 0 });
    expect(echoed('make -C sub log', "make: Entering directory '/w/sub'\ngit log -3 --oneline\nabc123 fix\n")).toEqual({ argv: ['git', 'log', '-3', '--oneline'], line: 1 });
    // An indented line is output, not an echo; make's own message is not a command.
    expect(echoed('make', '    Building …\n')).toBeNull();
    expect(echoed('make', "make: Nothing to be done for 'all'.\n")).toBeNull();
    // A dry run or a database dump ran nothing: its lines are the answer, not an echo.
    expect(echoed('make -n install', 'install -m 755 app /usr/local/bin/app\n')).toBeNull();
    expect(echoed('make -pn', 'install -m 755 app /usr/local/bin/app\n')).toBeNull();
    expect(echoed('make --dry-run', 'cc -c a.c\n')).toBeNull();
    expect(echoed('make -j4 test', 'go test ./...\n')?.argv).toEqual(['go', 'test', './...']);
  });

  it("reads past a recipe's set-up steps to the job (`mkdir -p build` first, then the compiler)", () => {
    expect(echoed('make -j2', 'mkdir -p build\nrm -f build/old.o\ngcc -O2 -c src/a.c -o build/a.o\n')).toEqual({ argv: ['gcc', '-O2', '-c', 'src/a.c', '-o', 'build/a.o'], line: 2 });
    expect(echoed('make', 'mkdir -p build\n')).toBeNull();
  });

  it('is null for other commands and for runners that echoed nothing', () => {
    expect(echoed('npm install', '\n> shop@1.4.0 postinstall\n> node setup.js\n')).toBeNull();
    expect(echoed('npm run build', 'some output\n')).toBeNull();
    expect(echoed('pytest -x', '> not a header\n> at all\n')).toBeNull();
  });

  it('gives the inner tool its reader and its intent', () => {
    const head = '\n> shop@1.4.0 log\n> git log -3\n\ncommit 0123456789abcdef0123456789abcdef01234567\nAuthor: A <a@b.c>\nDate:   Mon Nov 23 10:00:00 2026 +0000\n\n    fix\n';
    const argv = echoed('npm run log', head)!.argv;
    const detection = detectReducer({ argv, head, stderrHead: '' }, reducers);
    expect(detection.reducer.family).toBe('git');
    expect(resolveIntent({ argv, head, stderrHead: '', contentType: 'text', reducer: detection.reducer, claimed: true }).intent).toBe('answer');
  });
});

describe('a JSON document after a runner\'s header', () => {
  it('is parsed past the header, its trailer counted in the whole text', () => {
    const text = '\n> shop@1.4.0 report\n> node report.js\n\n{\n  "failed": 2\n}\nnpm warn deprecated x\n';
    const parsed = parseJsonText(text);
    expect(parsed?.doc).toEqual({ failed: 2 });
    expect(parsed?.trailing).toEqual({ from: 8, to: 8 });
  });

  it('is not looked for past a few lines', () => {
    expect(parseJsonText('a\nb\nc\nd\ne\nf\ng\nh\ni\n{"x": 1}\n')).toBeNull();
  });
});

describe('a run through a task runner, end to end', () => {
  it('is read by the reducer of the command the runner echoed', async () => {
    const { reduce } = await import('../hardening/cli-run.js');
    const report = Array.from({ length: 40 }, (_, i) => `src/m${i}.ts(${i + 1},5): error TS2322: Type 'string' is not assignable to type 'number'.`).join('\n');
    const r = reduce(['--json', '--command', 'npm run typecheck', '--exit-code', '2'], { input: `\n> shop@1.4.0 typecheck\n> tsc --noEmit\n\n${report}\n` });
    const packet = JSON.parse(r.out) as { reducer: string; command: string };
    expect(packet.reducer).toMatch(/^tsc@/);
    expect(packet.command).toBe('npm run typecheck');
  });

  it("hands the reducer the command's own head: go test -json's events after npm's header read as events", async () => {
    const { reduce } = await import('../hardening/cli-run.js');
    const events = Array.from({ length: 60 }, (_, i) => [
      `{"Time":"2026-11-24T10:00:00Z","Action":"run","Package":"example.com/shop","Test":"TestCase${i}"}`,
      `{"Time":"2026-11-24T10:00:00Z","Action":"output","Package":"example.com/shop","Test":"TestCase${i}","Output":"=== RUN   TestCase${i}\\n"}`,
      `{"Time":"2026-11-24T10:00:01Z","Action":"${i === 17 ? 'fail' : 'pass'}","Package":"example.com/shop","Test":"TestCase${i}","Elapsed":0.01}`,
    ]).flat();
    events.push('{"Time":"2026-11-24T10:00:02Z","Action":"fail","Package":"example.com/shop","Elapsed":1.2}');
    const r = reduce(['--json', '--command', 'npm run test:json', '--exit-code', '1'], { input: `\n> shop@1.4.0 test:json\n> go test -json ./...\n\n${events.join('\n')}\n` });
    const packet = JSON.parse(r.out) as { reducer: string; summary: Array<string | { text: string }> };
    expect(packet.reducer).toMatch(/^go-test@/);
    expect(packet.summary.map((b) => (typeof b === 'string' ? b : b.text)).join('\n')).toMatch(/1 failed, 59 passed/);
  });
});

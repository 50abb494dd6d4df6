#!/usr/bin/env node
// Speed, memory and size of `reduce`, each next to a floor measured in the same run on the same machine.
// usage: npm run bench [-- --sizes 16,64,256,1024] [--quick] [--skip startup,throughput,memory,fixtures] [--keep]
//   startup     `reduce -- true` and `reduce inspect last` against `node -e 0` (medians of alternating runs; and
//               CPU per run, user + system, from GNU time around a loop), and the CPU of `reduce hook codex pre`
//   throughput  a repetitive and a distinct-lines service log through stdin, MiB/s and the ratio to the floor
//               (a Node script that streams the file, hashes it with sha256, writes a copy and counts newlines)
//   memory      peak RSS for a 1 GiB log, a 1 GiB single line, a 500 MB JSON array and 20 MB of stderr
//   fixtures    raw vs packet bytes and tokens (o200k) per family over the golden fixtures
// A full run writes bench/results.json, bench/chart.svg and the table in README.md (bench/report.mjs); a partial
// run (--quick, --sizes, --skip) writes bench/last.json only. Peak RSS comes from GNU time (/usr/bin/time -v).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chart, formatTable, round, withReadmeBlock } from './report.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cli = path.join(root, 'bin/reduce.js');
const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const quick = args.includes('--quick');
const sizes = option('--sizes', quick ? '16,64' : '16,64,256,1024').split(',').map(Number);
if (sizes.some((s) => !Number.isFinite(s) || s <= 0)) {
  console.error(`bench: --sizes takes MiB counts like 16,64,256 (got ${option('--sizes', '')})`);
  process.exit(2);
}
const skip = new Set(option('--skip', '').split(',').filter(Boolean));
const MIB = 1024 ** 2;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'reduce-bench-'));
const env = { ...process.env, NO_COLOR: '1', REDUCE_OUTPUTS: path.join(work, 'outputs') };
// NODE_EXTRA_CA_CERTS makes every Node process parse a certificate bundle before any JavaScript runs
// (about 400 M instructions for a sandbox proxy's bundle here, five times what `node -e 0` costs
// without it): the same constant added to the floor and to reduce would hide reduce's own start-up.
const unsetEnv = ['NODE_EXTRA_CA_CERTS'].filter((name) => env[name] !== undefined);
for (const name of unsetEnv) delete env[name];

// ---- inputs (deterministic, seeded, so runs compare) ----

function writer(file) {
  const fd = fs.openSync(file, 'w');
  let buffered = [];
  let bytes = 0;
  let written = 0;
  return {
    push(text) {
      buffered.push(text);
      bytes += text.length;
      if (bytes > MIB) this.flush();
    },
    flush() {
      if (buffered.length) fs.writeSync(fd, buffered.join(''));
      written += bytes;
      buffered = [];
      bytes = 0;
    },
    get size() {
      return written + bytes;
    },
    close() {
      this.flush();
      fs.closeSync(fd);
    },
  };
}

/** A service log. `distinct`: every line a different message (no template repeats). */
function generateLog(file, size, distinct) {
  let seed = 42;
  const rand = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  const words = ['cache', 'queue', 'billing', 'auth', 'search', 'export', 'import', 'ledger', 'mailer', 'index', 'render', 'upload'];
  const out = writer(file);
  const t0 = Date.UTC(2026, 10, 21);
  for (let n = 1; out.size < size; n++) {
    const ts = new Date(t0 + n * 7).toISOString();
    const r = rand();
    if (distinct) {
      const a = words[n % 12], b = words[(n >> 4) % 12], c = words[(n >> 8) % 12];
      out.push(`${ts} ${r < 0.01 ? 'WARN ' : 'INFO '} ${a}.${b}.${c} step-${n.toString(36)} ${c}-${b}-${a} phase ${(n * 2654435761) % 97} of ${n % 89} ${a}${n % 1000}\n`);
    } else if (r < 0.0005) {
      out.push(`${ts} ERROR [worker-${n % 16}] request ${n.toString(16)} failed: upstream connect error (code ${500 + (n % 4)})\n    at fetchUpstream (/srv/app/src/upstream.ts:${40 + (n % 30)}:11)\n    at handle (/srv/app/src/server.ts:88:5)\n`);
    } else if (r < 0.01) {
      out.push(`${ts} WARN  [worker-${n % 16}] slow request ${n.toString(16)} took ${Math.floor(rand() * 5000)}ms path=/api/v1/items/${Math.floor(rand() * 1e6)}\n`);
    } else if (r < 0.0102) {
      out.push(`${ts} DEBUG payload=${'ab'.repeat(2000 + Math.floor(rand() * 4000))}\n`);
    } else {
      out.push(`${ts} INFO  [worker-${n % 16}] GET /api/v1/items/${Math.floor(rand() * 1e6)} 200 ${Math.floor(rand() * 90)}ms user=${Math.floor(rand() * 5000)}\n`);
    }
  }
  out.close();
}

function generateSingleLine(file, size) {
  const out = writer(file);
  const chunk = 'x'.repeat(MIB);
  while (out.size < size) out.push(chunk);
  out.close();
}

function generateJsonArray(file, size) {
  const out = writer(file);
  out.push('[');
  for (let i = 0; out.size < size; i++) {
    out.push(`${i ? ',' : ''}{"id":${i},"name":"item-${i}","status":"${i % 97 === 0 ? 'failed' : 'ok'}","tags":["a","b"],"score":${(i * 7919) % 1000}}`);
  }
  out.push(']\n');
  out.close();
}

// ---- measuring ----

function timed(argv, options = {}) {
  const t0 = process.hrtime.bigint();
  const r = spawnSync('/usr/bin/time', ['-v', ...argv], { maxBuffer: 256 * MIB, ...options });
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  const rss = /Maximum resident set size \(kbytes\): (\d+)/.exec(r.stderr?.toString() ?? '');
  return { seconds, peakMiB: rss ? Number(rss[1]) / 1024 : null, status: r.status, stdout: r.stdout?.toString() ?? '' };
}

const floorScript = path.join(work, 'floor.mjs');
fs.writeFileSync(
  floorScript,
  `import fs from 'node:fs'; import crypto from 'node:crypto';
const hash = crypto.createHash('sha256'); const out = fs.createWriteStream(process.argv[3]); let lines = 0;
for await (const chunk of fs.createReadStream(process.argv[2], { highWaterMark: 1 << 16 })) {
  hash.update(chunk); for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
  if (!out.write(chunk)) await new Promise((r) => out.once('drain', r));
}
out.end(); console.log(hash.digest('hex'), lines);\n`,
);

function reduceStdin(file, extra = [], more = {}) {
  return timed(['/bin/sh', '-c', `'${process.execPath}' '${cli}' --command 'app logs' ${extra.join(' ')} < '${file}'`], { cwd: work, env: { ...env, ...more } });
}
function floor(file) {
  const r = timed([process.execPath, floorScript, file, path.join(work, 'floor.out')]);
  fs.rmSync(path.join(work, 'floor.out'), { force: true });
  return r;
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const results = { date: new Date().toISOString().slice(0, 10), node: process.version, cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model ?? '?', memGiB: round(os.totalmem() / 1024 ** 3, 1), load: os.loadavg().map((x) => round(x, 1)), unsetEnv };

if (!skip.has('startup')) {
  const runs = quick ? 7 : 15;
  const once = (argv, input) => {
    const t0 = process.hrtime.bigint();
    spawnSync(argv[0], argv.slice(1), { cwd: work, env, stdio: [input === undefined ? 'ignore' : 'pipe', 'ignore', 'ignore'], input });
    return Number(process.hrtime.bigint() - t0) / 1e6;
  };
  const hookPayload = JSON.stringify({ session_id: 'bench', hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'kubectl logs api-7f9c' }, cwd: work });
  const cases = {
    node: [[process.execPath, '-e', '0']],
    wrap: [[process.execPath, cli, '--', 'true']],
    inspect: [[process.execPath, cli, 'inspect', 'last']],
    hook: [[process.execPath, cli, 'hook', 'codex', 'pre'], hookPayload],
  };
  once(cases.wrap[0]); // warm the file cache and leave an artifact for `inspect last`
  const wall = Object.fromEntries(Object.keys(cases).map((k) => [k, []]));
  for (let i = 0; i < runs; i++) for (const [k, [argv, input]] of Object.entries(cases)) if (k !== 'hook') wall[k].push(once(argv, input));
  // CPU (user + system) per run, from GNU time around a loop of the same runs: steadier than wall time on a busy machine.
  const cpu = (argv, input) => {
    const quoted = argv.map((a) => `'${a}'`).join(' ');
    const loop = `for i in $(seq ${runs}); do ${input === undefined ? quoted : `${quoted} < '${path.join(work, 'hook.json')}'`} >/dev/null 2>&1; done`;
    if (input !== undefined) fs.writeFileSync(path.join(work, 'hook.json'), input);
    const r = spawnSync('/usr/bin/time', ['-f', '%U %S', '/bin/sh', '-c', loop], { cwd: work, env });
    const [user, sys] = r.stderr.toString().trim().split('\n').pop().split(' ').map(Number);
    return round(((user + sys) * 1000) / runs, 1);
  };
  const cpuMs = Object.fromEntries(Object.entries(cases).map(([k, [argv, input]]) => [k, cpu(argv, input)]));
  const s = (results.startup = { runs, nodeMs: round(median(wall.node), 1), wrapMs: round(median(wall.wrap), 1), inspectMs: round(median(wall.inspect), 1) });
  s.wrapRatio = round(s.wrapMs / s.nodeMs);
  s.inspectRatio = round(s.inspectMs / s.nodeMs);
  s.cpuMs = cpuMs;
  s.wrapCpuRatio = round(cpuMs.wrap / cpuMs.node);
  s.inspectCpuRatio = round(cpuMs.inspect / cpuMs.node);
}

if (!skip.has('throughput')) {
  results.throughput = [];
  for (const shape of ['repetitive', 'distinct']) {
    for (const mib of sizes) {
      const file = path.join(work, `${shape}-${mib}.log`);
      generateLog(file, mib * MIB, shape === 'distinct');
      const bytes = fs.statSync(file).size;
      const f = floor(file);
      const r = reduceStdin(file);
      fs.rmSync(path.join(work, 'outputs'), { recursive: true, force: true });
      const row = { shape, mib, floorSeconds: round(f.seconds), reduceSeconds: round(r.seconds), mibPerSecond: round(bytes / MIB / r.seconds, 1), ratio: round(r.seconds / f.seconds), peakMiB: round(r.peakMiB, 1), exit: r.status, packetBytes: Buffer.byteLength(r.stdout) };
      results.throughput.push(row);
      // Past 4 MiB the reducer runs on a second thread when a core is free (src/capture/remote-run.ts); the largest
      // size up to 256 MiB is measured again on one thread, what a machine without a free core gets.
      if (mib === Math.max(...sizes.filter((m) => m <= 256))) {
        const one = reduceStdin(file, [], { REDUCE_OFFLOAD_BYTES: 'off' });
        fs.rmSync(path.join(work, 'outputs'), { recursive: true, force: true });
        results.throughput.push({ ...row, oneThread: true, reduceSeconds: round(one.seconds), mibPerSecond: round(bytes / MIB / one.seconds, 1), ratio: round(one.seconds / f.seconds), peakMiB: round(one.peakMiB, 1), exit: one.status, packetBytes: Buffer.byteLength(one.stdout) });
      }
      fs.rmSync(file);
    }
  }
}

if (!skip.has('memory')) {
  results.memory = {};
  results.memoryExit = {};
  results.memoryMiB = { log1GiB: 1024, stderr20MB: 20 };
  const big = results.throughput?.find((t) => t.shape === 'repetitive' && t.mib === 1024);
  if (big) results.memory.log1GiB = big.peakMiB;
  const shapes = [
    ['singleLine1GiB', quick ? 64 : 1024, generateSingleLine, []],
    ['jsonArray500MB', quick ? 50 : 500, generateJsonArray, ['--family', 'json']],
  ];
  for (const [name, mib, generate, extra] of shapes) {
    const file = path.join(work, `${name}.in`);
    generate(file, mib * MIB);
    const r = reduceStdin(file, extra);
    results.memory[name] = round(r.peakMiB, 1);
    results.memoryExit[name] = r.status;
    results.memoryMiB[name] = mib;
    fs.rmSync(file);
    fs.rmSync(path.join(work, 'outputs'), { recursive: true, force: true });
  }
  const stderrFile = path.join(work, 'stderr.log');
  generateLog(stderrFile, 20 * MIB, false);
  const r = timed([process.execPath, cli, '--', '/bin/sh', '-c', `cat '${stderrFile}' >&2`], { cwd: work, env });
  results.memory.stderr20MB = round(r.peakMiB, 1);
  results.memoryExit.stderr20MB = r.status;
}

if (!skip.has('fixtures')) {
  const { countTokens } = await import('gpt-tokenizer/encoding/o200k_base');
  const perFamily = {};
  const fixtures = path.join(root, 'fixtures');
  for (const family of fs.readdirSync(fixtures).sort()) {
    const dir = path.join(fixtures, family);
    if (!fs.statSync(dir).isDirectory()) continue;
    for (const name of fs.readdirSync(dir).sort()) {
      const caseDir = path.join(dir, name);
      const packetFile = path.join(caseDir, 'packet.txt');
      if (!fs.existsSync(packetFile)) continue;
      const raw = ['stdout', 'stderr'].map((s) => path.join(caseDir, s)).filter((f) => fs.existsSync(f)).map((f) => fs.readFileSync(f, 'utf8')).join('');
      const packet = fs.readFileSync(packetFile, 'utf8');
      const row = (perFamily[family] ??= { cases: 0, rawBytes: 0, packetBytes: 0, rawTokens: 0, packetTokens: 0 });
      row.cases++;
      row.rawBytes += Buffer.byteLength(raw);
      row.packetBytes += Buffer.byteLength(packet);
      row.rawTokens += countTokens(raw);
      row.packetTokens += countTokens(packet);
    }
  }
  results.fixtures = perFamily;
  for (const [family, r] of Object.entries(perFamily)) {
  }
}

// ---- report ----

// Only a full run (every section, the default sizes) replaces bench/results.json, the chart and the README's
// table, so the committed numbers always come from one run; a partial run goes to bench/last.json.
const full = skip.size === 0 && !quick && option('--sizes', null) === null;
console.log(formatTable(results));
if (full) {
  fs.writeFileSync(path.join(root, 'bench/results.json'), JSON.stringify(results, null, 2) + '\n');
  fs.writeFileSync(path.join(root, 'bench/chart.svg'), chart(results));
  const readme = path.join(root, 'README.md');
  fs.writeFileSync(readme, withReadmeBlock(fs.readFileSync(readme, 'utf8'), results));
  console.log('wrote bench/results.json, bench/chart.svg and the table in README.md');
} else {
  fs.writeFileSync(path.join(root, 'bench/last.json'), JSON.stringify(results, null, 2) + '\n');
  console.log('partial run: wrote bench/last.json (results.json, the chart and README.md keep the last full run)');
}
if (!args.includes('--keep')) fs.rmSync(work, { recursive: true, force: true });
else console.log(`kept ${work}`);

#!/usr/bin/env node
// Speed and memory of `reduce` on a large log read from stdin, next to `cat` of the same file into a file.
// usage: npm run bench [-- --size 1GiB] [--keep]
// Needs /usr/bin/time (GNU time) for peak memory; prints a table and writes bench/last.json.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const sizeArg = args.includes('--size') ? args[args.indexOf('--size') + 1] : '1GiB';
const units = { b: 1, k: 1024, kib: 1024, kb: 1024, m: 1024 ** 2, mib: 1024 ** 2, mb: 1024 ** 2, g: 1024 ** 3, gib: 1024 ** 3, gb: 1024 ** 3 };
const m = /^(\d+(?:\.\d+)?)\s*([a-z]*)$/i.exec(sizeArg);
if (!m || units[(m[2] || 'b').toLowerCase()] === undefined) {
  console.error(`bench: --size takes a size like 256MiB or 1GiB (got ${sizeArg})`);
  process.exit(2);
}
const size = Math.floor(Number(m[1]) * units[(m[2] || 'b').toLowerCase()]);
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'reduce-bench-'));
const log = path.join(work, 'app.log');

// A service log: mostly INFO request lines with varying ids and timings, some WARN, rare ERROR
// with a stack trace, a few very long lines. Deterministic (seeded), so runs compare.
function generate(file, bytes) {
  const fd = fs.openSync(file, 'w');
  let seed = 42;
  const rand = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
  let written = 0;
  let n = 0;
  const chunk = [];
  let chunkBytes = 0;
  const t0 = Date.UTC(2026, 10, 21, 0, 0, 0);
  while (written < bytes) {
    n++;
    const ts = new Date(t0 + n * 7).toISOString();
    const r = rand();
    let line;
    if (r < 0.0005) {
      line = `${ts} ERROR [worker-${n % 16}] request ${n.toString(16)} failed: upstream connect error (code ${500 + (n % 4)})\n` +
        `    at fetchUpstream (/srv/app/src/upstream.ts:${40 + (n % 30)}:11)\n    at handle (/srv/app/src/server.ts:88:5)\n`;
    } else if (r < 0.01) {
      line = `${ts} WARN  [worker-${n % 16}] slow request ${n.toString(16)} took ${Math.floor(rand() * 5000)}ms path=/api/v1/items/${Math.floor(rand() * 1e6)}\n`;
    } else if (r < 0.0102) {
      line = `${ts} DEBUG payload=${'ab'.repeat(2000 + Math.floor(rand() * 4000))}\n`;
    } else {
      line = `${ts} INFO  [worker-${n % 16}] GET /api/v1/items/${Math.floor(rand() * 1e6)} 200 ${Math.floor(rand() * 90)}ms user=${Math.floor(rand() * 5000)}\n`;
    }
    chunk.push(line);
    chunkBytes += line.length;
    if (chunkBytes > 1 << 20) {
      fs.writeSync(fd, chunk.join(''));
      written += chunkBytes;
      chunk.length = 0;
      chunkBytes = 0;
    }
  }
  if (chunk.length) fs.writeSync(fd, chunk.join(''));
  fs.closeSync(fd);
}

function timed(command, argv, options = {}) {
  const hasTime = fs.existsSync('/usr/bin/time');
  const t0 = process.hrtime.bigint();
  const r = hasTime
    ? spawnSync('/usr/bin/time', ['-v', command, ...argv], { ...options, maxBuffer: 64 << 20 })
    : spawnSync(command, argv, { ...options, maxBuffer: 64 << 20 });
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  const rss = /Maximum resident set size \(kbytes\): (\d+)/.exec(r.stderr?.toString() ?? '');
  return { seconds, peakMiB: rss ? Number(rss[1]) / 1024 : null, status: r.status, stdout: r.stdout?.toString() ?? '' };
}

console.log(`bench: generating ${(size / 1024 ** 2).toFixed(0)} MiB log in ${work}`);
generate(log, size);
const actual = fs.statSync(log).size;
const catOut = path.join(work, 'cat.out');
const cat = timed('/bin/sh', ['-c', `cat '${log}' > '${catOut}'`]);
fs.rmSync(catOut, { force: true });
const reduce = timed('/bin/sh', ['-c', `'${process.execPath}' '${path.join(root, 'bin/reduce.js')}' --command 'app logs' < '${log}'`], { cwd: work, env: { ...process.env, NO_COLOR: '1' } });
const packetBytes = Buffer.byteLength(reduce.stdout);
const result = {
  inputBytes: actual,
  cat: { seconds: +cat.seconds.toFixed(2) },
  reduce: { seconds: +reduce.seconds.toFixed(2), peakMiB: reduce.peakMiB && +reduce.peakMiB.toFixed(1), exit: reduce.status, packetBytes, mibPerSecond: +(actual / 1024 ** 2 / reduce.seconds).toFixed(1) },
  node: process.version,
  cpus: os.cpus().length,
};
console.log(`input            ${(actual / 1024 ** 2).toFixed(0)} MiB`);
console.log(`cat > file       ${cat.seconds.toFixed(2)} s`);
console.log(`reduce < file    ${reduce.seconds.toFixed(2)} s (${result.reduce.mibPerSecond} MiB/s), peak RSS ${result.reduce.peakMiB ?? '?'} MiB, exit ${reduce.status}, packet ${packetBytes} B`);
fs.writeFileSync(path.join(root, 'bench/last.json'), JSON.stringify(result, null, 2) + '\n');
if (!args.includes('--keep')) fs.rmSync(work, { recursive: true, force: true });
else console.log(`kept ${work}`);

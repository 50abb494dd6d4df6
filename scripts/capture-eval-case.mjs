#!/usr/bin/env node
// Captures one eval case: runs a real command once and writes eval/<split>/<name>/{stdout,stderr,case.json}
// with stdout, stderr and the exit code kept apart, byte for byte. Needles and their `why` are then written
// into case.json by hand from the raw output (never from a packet), and `npm run check-corpus` checks them.
// usage: node scripts/capture-eval-case.mjs SPLIT NAME FAMILY INTENT MODE [--merge] [--cwd DIR]
//          [--display "command as typed"] [--source "tool + version + what was done"] [--env K=V]
//          (-- ARGV... | --sh "SCRIPT")
// --merge captures `cmd 2>&1` into stdout (the piped situation); --sh runs a bash script (pipes, globs).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const a = process.argv.slice(2);
const [split, name, family, intent, mode] = a.splice(0, 5);
let merge = false, cwd = process.cwd(), display = null, source = '', sh = null; const env = { ...process.env };
delete env.FORCE_COLOR;
let argv = [];
while (a.length) {
  const x = a.shift();
  if (x === '--merge') merge = true;
  else if (x === '--cwd') cwd = a.shift();
  else if (x === '--display') display = a.shift();
  else if (x === '--source') source = a.shift();
  else if (x === '--sh') sh = a.shift();
  else if (x === '--env') { const [k, ...v] = a.shift().split('='); env[k] = v.join('='); }
  else if (x === '--') { argv = a.splice(0); }
}
if (!['dev','holdout'].includes(split)) throw new Error('split');
if (!['answer','verdict'].includes(intent)) throw new Error('intent');
if (!['wrap','stdin'].includes(mode)) throw new Error('mode');
let r;
if (sh) r = spawnSync('/bin/bash', ['-c', merge ? `{ ${sh} ; } 2>&1` : sh], { cwd, env, maxBuffer: 1 << 30 });
else if (merge) r = spawnSync('/bin/bash', ['-c', '"$@" 2>&1', 'x', ...argv], { cwd, env, maxBuffer: 1 << 30 });
else r = spawnSync(argv[0], argv.slice(1), { cwd, env, maxBuffer: 1 << 30 });
if (r.error) throw r.error;
const dir = path.join(root, 'eval', split, name);
fs.rmSync(dir, { recursive: true, force: true });
fs.mkdirSync(dir, { recursive: true });
fs.writeFileSync(path.join(dir, 'stdout'), r.stdout);
if (r.stderr.length) fs.writeFileSync(path.join(dir, 'stderr'), r.stderr);
const command = display ?? argv.join(' ');
const argv0 = command.split(/\s+/)[0];
// A command killed by a signal has no status; record 128 + signal number as a shell would.
const meta = { family, command, argv0, exit_code: r.status ?? 128 + (os.constants.signals[r.signal] ?? 0), mode, intent, source, needles: [], why: [], expect: {}, notes: '' };
if (meta.exit_code !== 0) meta.expect.failure = true;
fs.writeFileSync(path.join(dir, 'case.json'), JSON.stringify(meta, null, 2) + '\n');
console.log(`${split}/${name}: exit ${meta.exit_code}, stdout ${r.stdout.length} B (${r.stdout.toString().split('\n').length} lines), stderr ${r.stderr.length} B`);

#!/usr/bin/env node
// Captures a fixture by running the real tool: node scripts/capture-fixture.mjs <family>/<case> [--cwd DIR] [--pipe] -- <command> [args...]
// Writes fixtures/<family>/<case>/{cmd.json,stdout,stderr}; run `UPDATE_GOLDEN=1 npx vitest run test/fixtures.test.ts` after.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const args = process.argv.slice(2);
const dash = args.indexOf('--');
if (dash < 1) {
  console.error('usage: capture-fixture.mjs <family>/<case> [--cwd DIR] [--pipe] [--family NAME] -- <command> [args...]');
  process.exit(2);
}
const [target, ...opts] = args.slice(0, dash);
const argv = args.slice(dash + 1);
const cwd = opts.includes('--cwd') ? opts[opts.indexOf('--cwd') + 1] : process.cwd();
const mode = opts.includes('--pipe') ? 'pipe' : 'wrap';
const family = opts.includes('--family') ? opts[opts.indexOf('--family') + 1] : undefined;
const result = spawnSync(argv[0], argv.slice(1), { cwd, maxBuffer: 1 << 30, env: { ...process.env, NO_COLOR: process.env.NO_COLOR ?? '' } });
if (result.error) {
  console.error(`capture-fixture: ${result.error.message}`);
  process.exit(1);
}
const dir = path.join('fixtures', target);
fs.mkdirSync(dir, { recursive: true });
fs.writeFileSync(path.join(dir, 'stdout'), result.stdout);
if (result.stderr.length) fs.writeFileSync(path.join(dir, 'stderr'), result.stderr);
else fs.rmSync(path.join(dir, 'stderr'), { force: true });
const meta = { argv, exit: result.status, mode, ...(family ? { family } : {}), source: `captured with ${argv[0]} on ${new Date().toISOString().slice(0, 10)}` };
fs.writeFileSync(path.join(dir, 'cmd.json'), JSON.stringify(meta, null, 2) + '\n');
console.log(`${dir}: exit ${result.status}, stdout ${result.stdout.length} B, stderr ${result.stderr.length} B`);

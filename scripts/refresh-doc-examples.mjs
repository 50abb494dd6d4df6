#!/usr/bin/env node
// Refreshes example packets in the docs from the goldens, so examples never drift from real output.
// A fenced block counts as an example when one of the three lines above it names `fixtures/<family>/<case>`.
// Long packets are shortened to their first lines, a `…` line and the last line.
// usage: node scripts/refresh-doc-examples.mjs [--check] [FILE...]   (default: README.md and every docs/**/*.md)
import fs from 'node:fs';
import path from 'node:path';

const args = process.argv.slice(2);
const check = args.includes('--check');
let files = args.filter((a) => a !== '--check');
if (files.length === 0) files = ['README.md', ...markdownUnder('docs')];

function markdownUnder(dir) {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((e) => (e.isDirectory() ? markdownUnder(path.join(dir, e.name)) : e.name.endsWith('.md') ? [path.join(dir, e.name)] : []));
}
const MAX_LINES = 24;
let stale = 0;
for (const file of files) {
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  const out = [];
  for (let i = 0; i < lines.length; i++) {
    out.push(lines[i]);
    if (lines[i] !== '```') continue;
    const context = lines.slice(Math.max(0, i - 3), i).join(' ');
    const match = /fixtures\/([\w.-]+)\/([\w.-]+)/.exec(context);
    const end = lines.indexOf('```', i + 1);
    if (end === -1) continue;
    if (!match) {
      // Not an example: copy the block as it is, so its closing fence is not taken for an opening one.
      out.push(...lines.slice(i + 1, end + 1));
      i = end;
      continue;
    }
    const golden = path.join('fixtures', match[1], match[2], 'packet.txt');
    if (!fs.existsSync(golden)) {
      console.error(`${file}:${i + 1}: no golden ${golden}`);
      stale++;
      continue;
    }
    let example = fs.readFileSync(golden, 'utf8').replace(/\n$/, '').split('\n');
    if (example.length > MAX_LINES) example = [...example.slice(0, MAX_LINES - 2), '…', example.at(-1)];
    const current = lines.slice(i + 1, end);
    if (current.join('\n') !== example.join('\n')) stale++;
    out.push(...example, '```');
    i = end;
  }
  if (!check) fs.writeFileSync(file, out.join('\n'));
}
if (check && stale) {
  console.error(`${stale} example(s) differ from their goldens; run node scripts/refresh-doc-examples.mjs`);
  process.exit(1);
}
console.log(check ? 'examples match their goldens' : `refreshed examples in ${files.length} file(s)`);

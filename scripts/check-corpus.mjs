#!/usr/bin/env node
// Checks that the eval corpus is well-formed (it never runs `reduce`).
// usage: node scripts/check-corpus.mjs [--json] [SPLIT_DIR...]   (default: eval/dev eval/holdout)
// A case is a folder with case.json, stdout and an optional stderr, in the format of
// ../shared/corpus/README.md plus `intent` and `why` (eval/README.md). Exit 0 when every case is
// well-formed and the holdout covers every family and both intents; 1 with one line per problem.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const json = args.includes('--json');
const dirs = args.filter((a) => a !== '--json');
const splits = (dirs.length ? dirs : ['eval/dev', 'eval/holdout']).map((d) => path.resolve(root, d));

// The families a detector may be asked for (../shared/corpus/README.md).
const FAMILIES = new Set(['kubectl', 'gh', 'terraform', 'git', 'docker', 'npm', 'pytest', 'jest', 'vitest', 'cargo', 'go', 'tsc', 'eslint', 'gcc', 'make', 'pip', 'apt', 'psql', 'python', 'node', 'log', 'json', 'diff', 'text']);
const KEYS = new Set(['family', 'command', 'argv0', 'exit_code', 'mode', 'intent', 'source', 'needles', 'why', 'expect', 'secrets', 'notes']);
const MAX_LARGE = 3; // cases above 1 MB
const MB = 1024 * 1024;

/** Problems with one case folder, and the facts the summary needs. */
export function checkCase(dir) {
  const problems = [];
  const name = path.basename(dir);
  const say = (msg) => problems.push(`${path.relative(root, dir)}: ${msg}`);
  if (!/^[a-z0-9][a-z0-9.+-]*$/.test(name)) say('folder name is not a lowercase slug');
  let meta;
  try {
    meta = JSON.parse(fs.readFileSync(path.join(dir, 'case.json'), 'utf8'));
  } catch (err) {
    say(`case.json: ${err.message}`);
    return { problems };
  }
  const stdoutPath = path.join(dir, 'stdout');
  if (!fs.existsSync(stdoutPath)) say('no stdout file');
  const stdout = fs.existsSync(stdoutPath) ? fs.readFileSync(stdoutPath).toString('utf8') : '';
  const stderrPath = path.join(dir, 'stderr');
  const stderr = fs.existsSync(stderrPath) ? fs.readFileSync(stderrPath).toString('utf8') : '';
  for (const k of Object.keys(meta)) if (!KEYS.has(k)) say(`unknown key ${k}`);
  if (!FAMILIES.has(meta.family)) say(`family ${JSON.stringify(meta.family)} is not one of the corpus families`);
  if (typeof meta.command !== 'string') say('command is not a string');
  // run-eval.mjs writes a PATH shim named argv0, so it must be a plain file name.
  if (typeof meta.argv0 !== 'string' || !/^[A-Za-z0-9._+-]+$/.test(meta.argv0)) say(`argv0 ${JSON.stringify(meta.argv0)} is not a plain executable name`);
  else if (typeof meta.command === 'string' && meta.command && meta.command.split(/\s+/)[0] !== meta.argv0) say('command does not start with argv0');
  if (!Number.isInteger(meta.exit_code) || meta.exit_code < 0 || meta.exit_code > 255) say('exit_code is not an integer 0-255');
  if (meta.mode !== 'wrap' && meta.mode !== 'stdin') say('mode is not wrap or stdin');
  if (meta.intent !== 'answer' && meta.intent !== 'verdict') say('intent is not answer or verdict');
  if (typeof meta.source !== 'string' || meta.source.trim().length < 10) say('source does not say how the output was produced');
  const needles = Array.isArray(meta.needles) ? meta.needles : [];
  if (!Array.isArray(meta.needles) || needles.length < 1 || needles.length > 6) say('needs 1-6 needles');
  if (!Array.isArray(meta.why) || meta.why.length !== needles.length) say('why must have one line per needle');
  else meta.why.forEach((w, i) => typeof w === 'string' && w.trim() ? null : say(`why[${i}] is empty`));
  needles.forEach((n, i) => {
    if (typeof n !== 'string' || !n.trim()) return say(`needle ${i} is empty`);
    if (stdout.includes(n)) return;
    if (meta.mode === 'wrap' && stderr.includes(n)) return;
    say(`needle ${i} ${JSON.stringify(n.slice(0, 80))} is not an exact substring of ${meta.mode === 'stdin' ? 'stdout (stdin cases only pipe stdout)' : 'stdout or stderr'}`);
  });
  if (new Set(needles).size !== needles.length) say('duplicate needles');
  if (meta.expect !== undefined && (typeof meta.expect !== 'object' || meta.expect === null || Array.isArray(meta.expect))) say('expect is not an object');
  const bytes = Buffer.byteLength(stdout) + Buffer.byteLength(stderr);
  return { problems, name, family: meta.family, intent: meta.intent, argv0: meta.argv0, bytes };
}

/** Every case of every split, the problems, and counts per split, family, intent and tool. */
export function checkCorpus(splitDirs) {
  const problems = [];
  const cases = [];
  const seen = new Map();
  for (const split of splitDirs) {
    if (!fs.existsSync(split)) {
      problems.push(`${path.relative(root, split)}: no such folder`);
      continue;
    }
    for (const name of fs.readdirSync(split).sort()) {
      const dir = path.join(split, name);
      if (!fs.statSync(dir).isDirectory()) continue;
      const r = checkCase(dir);
      problems.push(...r.problems);
      if (!r.name) continue;
      if (seen.has(name)) problems.push(`${name}: in both ${seen.get(name)} and ${path.basename(split)}`);
      seen.set(name, path.basename(split));
      cases.push({ ...r, split: path.basename(split) });
    }
  }
  const large = cases.filter((c) => c.bytes > MB);
  if (large.length > MAX_LARGE) problems.push(`${large.length} cases above 1 MB (at most ${MAX_LARGE})`);
  const holdout = cases.filter((c) => c.split === 'holdout');
  if (holdout.length) {
    for (const fam of new Set(cases.map((c) => c.family))) if (!holdout.some((c) => c.family === fam)) problems.push(`holdout has no ${fam} case`);
    for (const intent of ['answer', 'verdict']) if (!holdout.some((c) => c.intent === intent)) problems.push(`holdout has no ${intent} case`);
  }
  const tally = (key) => {
    const out = {};
    for (const c of cases) {
      out[c.split] ??= {};
      out[c.split][c[key]] = (out[c.split][c[key]] ?? 0) + 1;
    }
    return out;
  };
  const perSplit = {};
  for (const c of cases) perSplit[c.split] = (perSplit[c.split] ?? 0) + 1;
  return { problems, cases: cases.length, perSplit, family: tally('family'), intent: tally('intent'), tool: tally('argv0'), tools: new Set(cases.map((c) => c.argv0)).size };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const report = checkCorpus(splits);
  if (json) console.log(JSON.stringify(report, null, 2));
  else {
    const fmt = (o) => Object.entries(o).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([k, v]) => `${k} ${v}`).join(', ');
    console.log(`cases ${report.cases} (${fmt(report.perSplit)}), ${report.tools} executables`);
    for (const split of Object.keys(report.perSplit).sort()) {
      console.log(`${split}: families: ${fmt(report.family[split])}`);
      console.log(`${split}: intents: ${fmt(report.intent[split])}`);
      console.log(`${split}: argv0: ${fmt(report.tool[split])}`);
    }
    for (const p of report.problems) console.log(`PROBLEM ${p}`);
  }
  process.exit(report.problems.length ? 1 : 0);
}

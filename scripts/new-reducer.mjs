#!/usr/bin/env node
// Scaffolds a reducer: node scripts/new-reducer.mjs <family> <name>   (npm run new-reducer -- <family> <name>)
// Writes src/reducers/<family>/<name>.ts (the body) and <name>.claims.ts (what detection reads, loaded on every
// run), their row in src/reducers/registry.ts, test/reducers/<family>/<name>.test.ts
// and fixtures/<family>/<name>/README.md (how to capture the fixture). Refuses to overwrite anything.
import fs from 'node:fs';
import path from 'node:path';

const NAME = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;
const [family, name, ...rest] = process.argv.slice(2);
function fail(message) {
  console.error(`new-reducer: ${message}`);
  process.exit(2);
}
if (!family || !name || rest.length) fail('usage: npm run new-reducer -- <family> <name>   (e.g. -- kubectl kubectl-top)');
if (!NAME.test(family)) fail(`family '${family}' must be kebab-case (a-z, 0-9, -)`);
if (!NAME.test(name)) fail(`name '${name}' must be kebab-case (a-z, 0-9, -)`);

const root = process.cwd();
const registryFile = path.join(root, 'src/reducers/registry.ts');
if (!fs.existsSync(registryFile)) fail('run it from the project root (no src/reducers/registry.ts here)');
const camel = name.replace(/-([a-z0-9])/g, (_, c) => c.toUpperCase());
const symbol = `${camel}Reducer`;
const claimsSymbol = `${camel}Claims`;
const claim = name.replace(/-/g, ' ');
const files = {
  reducer: path.join(root, 'src/reducers', family, `${name}.ts`),
  claims: path.join(root, 'src/reducers', family, `${name}.claims.ts`),
  test: path.join(root, 'test/reducers', family, `${name}.test.ts`),
  fixtureReadme: path.join(root, 'fixtures', family, name, 'README.md'),
};
for (const file of Object.values(files)) if (fs.existsSync(file)) fail(`${path.relative(root, file)} exists already`);
const registry = fs.readFileSync(registryFile, 'utf8');
if (new RegExp(`\\b${claimsSymbol}\\b`).test(registry)) fail(`${claimsSymbol} is registered already`);

const reducerSource = `/**
 * \`${claim}\` output. Say here, in 3-5 lines, what output this reducer reads, show one sample line,
 * and link the tool's documentation.
 * Sample: \`<one real line of the output>\`
 * Docs: <link to the tool's output format>
 */
import type { PacketParts, Reducer } from '../../core/types.js';
import { plural } from '../../core/format.js';
import { LogDigest } from '../generic/log-digest.js';
import { ${claimsSymbol} } from './${name}.claims.js';

export const ${symbol}: Reducer = {
  ...${claimsSymbol},
  // Bump when a golden packet of this reducer changes.
  version: '0.1.0',
  start(ctx) {
    // The generic digest keeps error windows, first/last lines and templates for lines this reducer
    // does not understand; keep only bounded state of your own (counts, line numbers).
    const digest = new LogDigest({ extraPatterns: ctx.errorPatterns });
    let stdoutLines = 0;
    return {
      line(stream, n, text, marks) {
        digest.line(stream, n, text, marks);
        if (stream === 'stdout') stdoutLines++;
      },
      finish(exit): PacketParts {
        const parts = digest.finish(exit);
        parts.fields.lines = stdoutLines;
        parts.summary.unshift({ text: plural(stdoutLines, 'line'), fields: ['lines'] });
        return parts;
      },
    };
  },
};
`;

const claimsSource = `/**
 * What detection reads of \`${name}\`: every run loads it, so it imports only what detect() needs (the
 * body, ./${name}.ts, loads only when this reducer is chosen).
 */
import type { ReducerClaims } from '../../core/types.js';

export const ${claimsSymbol}: ReducerClaims = {
  name: '${name}',
  family: '${family}',
  // argv prefixes this reducer owns outright (after launchers such as npx and sudo are stripped).
  claims: ['${claim}'],
  lane: 'internal',
  // Pipe mode: score the first KiB of the output, 0..1. Return 0 until the output has a sure sign.
  detect: () => 0,
};
`;

const testSource = `import { describe, expect, it } from 'vitest';
import { run } from '../helpers.js';

describe('${name}', () => {
  it('claims \`${claim}\` and counts its lines', () => {
    const result = run('first line\\nsecond line\\n', ['${claim.split(' ')[0]}', ...${JSON.stringify(claim.split(' ').slice(1))}]);
    expect(result.reducer).toBe('${name}@0.1.0');
    expect(result.fields.lines).toBe(2);
  });

  it('keeps the error line of a failing run', () => {
    const result = run('starting\\nError: something broke at step 3\\ndone\\n', ${JSON.stringify(claim.split(' '))}, { exit: 1 });
    expect(result.packet?.status).toBe('fail');
    expect(result.text).toContain('Error: something broke at step 3');
  });
});
`;

const fixtureReadme = `# fixtures/${family}/${name}

Capture real runs of the tool here, one folder per case, next to this README
(\`fixtures/${family}/<case>/\`): a success, a failure and one large output at least.

    node scripts/capture-fixture.mjs ${family}/<case> [--cwd DIR] [--pipe] -- ${claim} <args>

That writes \`cmd.json\` (argv, exit code, mode), \`stdout\` and \`stderr\` byte for byte. Then write the
golden packet and read it:

    UPDATE_GOLDEN=1 npx vitest run test/fixtures.test.ts -t '${family}/<case>'
    cat fixtures/${family}/<case>/packet.txt

Where the tool cannot run here (a live cluster, a hosted API), write the output faithfully to the
tool's documented format and say so in the case's \`cmd.json\` notes. Never copy files from ../shared.
`;

// One import and one list entry, each at its place in name order.
function insertSorted(lines, start, end, line, key) {
  let at = end;
  for (let i = start; i < end; i++) {
    if (key(lines[i]) > key(line)) {
      at = i;
      break;
    }
  }
  lines.splice(at, 0, line);
}
const lines = registry.split('\n');
const importKey = (l) => (/import \{ (\w+) \}/.exec(l)?.[1] ?? '').toLowerCase();
const IMPORT = /^import \{ \w+Claims \} from '\.\//;
const firstImport = lines.findIndex((l) => IMPORT.test(l));
let lastImport = firstImport;
while (IMPORT.test(lines[lastImport + 1] ?? '')) lastImport++;
if (firstImport < 0) fail('cannot find the claims imports in src/reducers/registry.ts');
insertSorted(lines, firstImport, lastImport + 1, `import { ${claimsSymbol} } from './${family}/${name}.claims.js';`, importKey);
const listStart = lines.findIndex((l) => /^export const reducers: readonly RegisteredReducer\[\] = \[$/.test(l));
const listEnd = lines.indexOf('];', listStart);
if (listStart < 0 || listEnd < 0) fail('cannot find the reducers list in src/reducers/registry.ts');
insertSorted(lines, listStart + 1, listEnd, `  lazy(${claimsSymbol}, () => import('./${family}/${name}.js').then((m) => m.${symbol})),`, (l) => l.trim().toLowerCase());

for (const [file, text] of [
  [files.reducer, reducerSource],
  [files.claims, claimsSource],
  [files.test, testSource],
  [files.fixtureReadme, fixtureReadme],
]) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
}
fs.writeFileSync(registryFile, lines.join('\n'));
for (const file of [files.reducer, files.claims, registryFile, files.test, files.fixtureReadme]) console.log(`wrote ${path.relative(root, file)}`);
console.log(`next: capture fixtures (see ${path.relative(root, files.fixtureReadme)}), then fill in detect() (in the claims file) and the reducer's reading`);

/**
 * Output forced to colour (`jq -C`, `yq -C`, `git diff --color=always`, a tool that ignores NO_COLOR) is the same
 * document: JSON is still parsed and cited by pointer, a diff still routed as a diff, and `inspect --pointer`
 * resolves what the packet cited.
 */
import { describe, expect, it } from 'vitest';
import { guessContentType } from '../../src/capture/content-type.js';
import { parseJsonText } from '../../src/capture/json-document.js';
import { reduce, storedIds, tempFolders } from './cli-run.js';
import path from 'node:path';

const folder = tempFolders('colour');

/** JSON as `jq -C` prints it: punctuation bold white, keys bold blue, strings green, numbers plain. */
function jqColour(value: unknown): string {
  const esc = (code: string, text: string) => `\x1b[${code}m${text}\x1b[0m`;
  const render = (v: unknown, indent: string): string => {
    if (Array.isArray(v)) return `${esc('1;39', '[')}\n${v.map((x) => `${indent}  ${render(x, indent + '  ')}`).join(`${esc('1;39', ',')}\n`)}\n${indent}${esc('1;39', ']')}`;
    if (v && typeof v === 'object') {
      const rows = Object.entries(v).map(([k, x]) => `${indent}  ${esc('34;1', JSON.stringify(k))}${esc('1;39', ':')} ${render(x, indent + '  ')}`);
      return `${esc('1;39', '{')}\n${rows.join(`${esc('1;39', ',')}\n`)}\n${indent}${esc('1;39', '}')}`;
    }
    return typeof v === 'string' ? esc('0;32', JSON.stringify(v)) : esc('0;39', JSON.stringify(v));
  };
  return render(value, '') + '\n';
}

const doc = {
  name: 'shop',
  packages: Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`node_modules/pkg-${i}`, { version: `1.${i}.0`, license: i === 217 ? 'GPL-3.0' : 'MIT' }])),
};

describe('coloured JSON', () => {
  it('is detected and parsed past its colour codes', () => {
    const text = jqColour(doc);
    expect(text).toContain('\x1b[');
    expect(guessContentType(Buffer.from(text.slice(0, 4096))).type).toBe('json');
    expect(parseJsonText(text)?.doc).toEqual(doc);
  });

  it('gets the JSON digest, not a few lines, and inspect --pointer resolves into it', () => {
    const d = folder();
    const text = jqColour(doc);
    expect(text.length).toBeGreaterThan(16 * 1024);
    const r = reduce(['--command', 'jq -C . package-lock.json'], { cwd: d, input: text });
    expect(r.status).toBe(0);
    expect(r.out).toContain('JSON object with 2 keys: name, packages');
    expect(r.out).toMatch(/\[c1\] stdout \/ · document/);
    const [id] = storedIds(path.join(d, 'outputs'));
    const pointed = reduce(['inspect', id!, '--pointer', '/packages/node_modules~1pkg-217'], { cwd: d });
    expect(pointed.status).toBe(0);
    expect(JSON.parse(pointed.out)).toEqual({ version: '1.217.0', license: 'GPL-3.0' });
  });
});

describe('a coloured diff', () => {
  it('is detected as a diff', () => {
    const diff = ['\x1b[1mdiff --git a/x.ts b/x.ts\x1b[m', '\x1b[1mindex 1..2 100644\x1b[m', '\x1b[1m--- a/x.ts\x1b[m', '\x1b[1m+++ b/x.ts\x1b[m', '\x1b[36m@@ -1 +1 @@\x1b[m', '\x1b[31m-a\x1b[m', '\x1b[32m+b\x1b[m', ''].join('\n');
    expect(guessContentType(Buffer.from(diff)).type).toBe('diff');
  });
});

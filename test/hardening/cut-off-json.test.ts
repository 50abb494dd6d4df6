/**
 * A JSON document that never closes (`curl` cut off by a timeout, `cmd --json | head -c 200000`) is
 * read up to its last complete value, said to be cut off, and cited where it stops: the agent gets the
 * items it asked for, not a text digest of JSON lines.
 */
import { describe, expect, it } from 'vitest';
import { parseJsonText } from '../../src/capture/json-document.js';
import { reduce, storedIds, tempFolders } from './cli-run.js';
import path from 'node:path';

const folder = tempFolders('cut-off-json');

const packages = Array.from({ length: 3000 }, (_, i) => ({ id: i, name: `pkg-${i}`, version: `1.${i % 7}.0`, deps: ['a', 'b'] }));

describe('parseJsonText of a document that never closes', () => {
  it('keeps the array items complete before the cut and names the lines past it', () => {
    const text = JSON.stringify(packages, null, 2);
    const cut = text.slice(0, text.indexOf('"pkg-1500"') + 4);
    const parsed = parseJsonText(cut);
    expect(parsed).not.toBeNull();
    const doc = parsed!.doc as Array<Record<string, unknown>>;
    // Items 0-1499 are whole; item 1500 keeps the members complete before the cut (its id).
    expect(doc).toHaveLength(1501);
    expect(doc[1499]).toEqual(packages[1499]);
    expect(doc[1500]).toEqual({ id: 1500 });
    const lines = cut.split('\n');
    expect(parsed!.cutOff).toEqual({ from: lines.length, to: lines.length });
  });

  it('closes every bracket open at the cut, so a cut inside a list object keeps its items', () => {
    const list = { apiVersion: 'v1', items: packages.slice(0, 50).map((p) => ({ metadata: { name: p.name } })), kind: 'List' };
    const text = JSON.stringify(list);
    const cut = text.slice(0, text.indexOf('pkg-42') - 5);
    const doc = parseJsonText(cut)!.doc as { apiVersion: string; items: unknown[] };
    expect(doc.apiVersion).toBe('v1');
    expect(doc.items).toHaveLength(42);
    expect(parseJsonText(cut)!.cutOff).toEqual({ from: 1, to: 1 });
  });

  it('is not used for a document that closes and is invalid for another reason, nor with no complete value', () => {
    expect(parseJsonText('{"a": 1, "b": [1, 2]} trailing words that are not JSON\n{"c": ')).toBeNull();
    expect(parseJsonText('[{"a": "cut in the first val')).toBeNull();
    expect(parseJsonText('{"a": 1, "b": [1, 2]}')?.cutOff).toBeUndefined();
    // Brackets and commas inside strings do not count.
    const parsed = parseJsonText('[{"msg": "a, b ] }"}, {"msg": "c\\" ,"}, {"msg": "cut');
    expect(parsed?.doc).toEqual([{ msg: 'a, b ] }' }, { msg: 'c" ,' }]);
  });
});

describe('a cut-off JSON answer through the CLI', () => {
  it('is indexed as JSON with a note and a citation of where it stops, and inspect --pointer resolves into it', () => {
    const d = folder();
    const text = JSON.stringify(packages, null, 2);
    const cut = text.slice(0, Math.floor(text.length * 0.6));
    const r = reduce(['--command', 'curl -s https://registry.example/api/packages'], { cwd: d, input: cut });
    expect(r.status).toBe(0);
    const lines = cut.split('\n').length;
    const { from } = parseJsonText(cut)!.cutOff!;
    expect(lines - from).toBeLessThan(3);
    expect(r.out).toContain(`note: the JSON document is cut off (it never closes): read as the values complete before line ${from.toLocaleString('en-US')}`);
    expect(r.out).toMatch(/- \/: 1,\d{3} items/);
    expect(r.out).toMatch(new RegExp(`stdout ${from}-${lines} · where the JSON document is cut off`));
    expect(r.out).toContain('"name": "pkg-8"');
    const [id] = storedIds(path.join(d, 'outputs'));
    const pointed = reduce(['inspect', id!, '--pointer', '/1200'], { cwd: d });
    expect(pointed.status).toBe(0);
    expect(JSON.parse(pointed.out)).toEqual(packages[1200]);
  });
});

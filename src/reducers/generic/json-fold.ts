/**
 * A folded view of a JSON document too big to show whole: its keys at every level that fits, one
 * entry a line, each value rendered in the room its share of the budget gives it. Levels open one at
 * a time while every entry still gets a readable line, so a config's sections, a report's items or a
 * map's keys are all named with their counts and first values (`"vitest": {"afterAll": false, …+16 keys}`).
 */
import type { JsonStyle } from '../../core/types.js';
import { IDENTITY_KEY } from './json-collections.js';
import { renderScalar } from './json-render.js';

/** Below this many characters a line no longer says what its value is. */
const MIN_LINE = 72;
/** A container opens only while every line keeps about this many characters: one full line says more than four cut ones. */
const MIN_OPEN = 150;
/** Levels opened at most below the root. */
const MAX_DEPTH = 4;
/** Keys shown first inside every value: what names the thing, then its version. */
const NAMING = (key: string): boolean => IDENTITY_KEY.test(key) || /^(?:version|ver)$/i.test(key);

interface Entry {
  depth: number;
  /** JSON pointer of the container that holds it. */
  parent: string;
  pointer: string;
  /** `"key": ` or `[3] `; empty for the root. */
  label: string;
  value: unknown;
  open: boolean;
  /** A run of siblings left out where a container had too many to list: their count. */
  skipped?: number;
}

/**
 * The folded lines of `doc` in about `target` characters; empty when the document is a scalar.
 * The biggest containers open first, siblings together (the items of one array, the sections of one
 * object), while every line keeps room to say what it holds.
 */
export function foldJson(doc: unknown, style: JsonStyle, target: number): string[] {
  if (!isContainer(doc)) return [];
  const total = size(doc, Number.POSITIVE_INFINITY);
  let entries = childrenOf({ depth: -1, parent: '', pointer: '', label: '', value: doc, open: true }, Math.floor(target / MIN_LINE));
  for (let round = 0; round < 24; round++) {
    const share = target / entries.length;
    const closed = entries.filter((e) => !e.open && !e.skipped && e.depth < MAX_DEPTH && childCount(e.value) > 0 && size(e.value) > share);
    if (closed.length === 0) break;
    const groups = new Map<string, Entry[]>();
    for (const e of closed) groups.set(e.parent, [...(groups.get(e.parent) ?? []), e]);
    const ranked = [...groups.values()].sort((a, b) => sizeOfAll(b) - sizeOfAll(a));
    let next: Entry[] | null = null;
    for (const group of ranked) {
      const parent = valueAt(doc, group[0]!.parent);
      // The items of one array are alike: they open all together or not at all.
      if (Array.isArray(parent) && group.length < parent.filter((v) => childCount(v) > 0).length) continue;
      if (fits(entries, group, target)) next = open(entries, group);
      // The sections of one object open one by one, biggest first, when all of them do not fit.
      else if (group.length > 1 && !Array.isArray(parent)) {
        for (const e of [...group].sort((a, b) => size(b.value) - size(a.value))) if (fits(next ?? entries, [e], target)) next = open(next ?? entries, [e]);
      }
      if (next) break;
    }
    if (next) {
      entries = next;
      continue;
    }
    // One container that is most of the document (a lockfile's map): opened in part, its ends listed.
    const big = [...closed].sort((a, b) => size(b.value) - size(a.value))[0]!;
    const room = Math.floor(target / MIN_LINE) - entries.length;
    if (!Array.isArray(valueAt(doc, big.parent)) && size(big.value, Number.POSITIVE_INFINITY) > total / 2 && room >= 8) entries = open(entries, [big], room);
    break;
  }
  const share = Math.max(MIN_LINE, fairShare(entries, target));
  return entries.map((e) => render(e, style, share));
}

/** The room of each line that needs more than an equal share, once the lines that need less take only theirs. */
function fairShare(entries: readonly Entry[], target: number): number {
  const needs = entries.map((e) => (e.open || e.skipped ? 24 : e.label.length + e.depth * 2 + size(e.value, target))).sort((a, b) => a - b);
  let left = target;
  for (let i = 0; i < needs.length; i++) {
    const share = left / (needs.length - i);
    if (needs[i]! > share) return Math.floor(share);
    left -= needs[i]!;
  }
  return Math.floor(target);
}

function fits(entries: readonly Entry[], group: readonly Entry[], target: number): boolean {
  const added = group.reduce((n, e) => n + childCount(e.value), 0);
  return (entries.length + added) * MIN_OPEN <= target;
}

function open(entries: readonly Entry[], group: readonly Entry[], max = Number.POSITIVE_INFINITY): Entry[] {
  const out: Entry[] = [];
  for (const e of entries) {
    if (!group.includes(e)) {
      out.push(e);
      continue;
    }
    const opened = { ...e, open: true };
    out.push(opened, ...childrenOf(opened, max));
  }
  return out;
}

function sizeOfAll(group: readonly Entry[]): number {
  return group.reduce((n, e) => n + size(e.value), 0);
}

function childCount(value: unknown): number {
  return Array.isArray(value) ? value.length : isContainer(value) ? Object.keys(value).length : 0;
}

function valueAt(doc: unknown, pointer: string): unknown {
  let value = doc;
  for (const raw of pointer.split('/').slice(1)) value = (value as Record<string, unknown>)[raw.replace(/~1/g, '/').replace(/~0/g, '~')];
  return value;
}

function render(e: Entry, style: JsonStyle, share: number): string {
  const indent = '  '.repeat(Math.max(0, e.depth));
  if (e.skipped) return `${indent}… ${e.skipped} more`;
  if (e.open) return `${indent}${e.label}${Array.isArray(e.value) ? `[${(e.value as unknown[]).length} items]` : `{${Object.keys(e.value as object).length} keys}`}`;
  return indent + e.label + fit(e.value, Math.max(24, share - indent.length - e.label.length), style);
}

/** Lines the entries take (a skipped run is one line). */

/** A container's children; past `max`, the first two thirds and the last third of that many, and a count between. */
function childrenOf(parent: Entry, max: number): Entry[] {
  const depth = parent.depth + 1;
  const at = (key: string | number): string => `${parent.pointer}/${String(key).replace(/~/g, '~0').replace(/\//g, '~1')}`;
  const all: Entry[] = Array.isArray(parent.value)
    ? parent.value.map((value, i) => ({ depth, parent: parent.pointer, pointer: at(i), label: `[${i}] `, value, open: false }))
    : Object.entries(parent.value as Record<string, unknown>).map(([key, value]) => ({ depth, parent: parent.pointer, pointer: at(key), label: `${JSON.stringify(key)}: `, value, open: false }));
  if (all.length <= max) return all;
  const keep = Math.max(2, max - 1);
  const head = Math.ceil((keep * 2) / 3);
  const tail = keep - head;
  return [...all.slice(0, head), { depth, parent: parent.pointer, pointer: '', label: '', value: null, open: false, skipped: all.length - head - tail }, ...all.slice(all.length - tail)];
}

function isContainer(value: unknown): value is object {
  return value !== null && typeof value === 'object';
}

/** Characters of the value as compact JSON (about), counted up to a bound. */
export function size(value: unknown, bound = 1 << 16): number {
  if (!isContainer(value)) return JSON.stringify(value ?? null).length;
  let total = 2;
  for (const child of Array.isArray(value) ? value : Object.entries(value)) {
    total += size(child, bound - total) + 1;
    if (total > bound) break;
  }
  return total;
}

/**
 * The value on one line in at most about `room` characters: naming keys first, then scalars, then
 * nested values with what room is left; what does not fit is counted (`…+12 keys`, `…4 more items`).
 */
export function fit(value: unknown, room: number, style: JsonStyle): string {
  const colon = style === 'compact' ? ':' : ': ';
  const comma = style === 'compact' ? ',' : ', ';
  if (!isContainer(value)) return renderScalar(value, Math.max(16, Math.min(120, room - 2)));
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    const parts: string[] = [];
    let used = 2;
    for (const item of value) {
      const left = room - used - 16;
      if (left < 12) break;
      const text = fit(item, left, style);
      if (used + text.length > room - 14 && parts.length > 0) break;
      parts.push(text);
      used += text.length + comma.length;
    }
    if (parts.length < value.length) parts.push(`…${value.length - parts.length} more items`);
    return `[${parts.join(comma)}]`;
  }
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record);
  if (keys.length === 0) return '{}';
  // Empty values (null, "", [], {}) say least: they go last, and are often only counted.
  const rank = (k: string): number => (NAMING(k) ? 0 : isEmpty(record[k]) ? 3 : isContainer(record[k]) ? 2 : 1);
  const ordered = keys.map((k, i) => ({ k, i })).sort((a, b) => rank(a.k) - rank(b.k) || a.i - b.i).map((x) => x.k);
  const parts: string[] = [];
  let used = 2;
  for (const [n, key] of ordered.entries()) {
    const name = JSON.stringify(key) + colon;
    // Room for the `…+N keys` count, unless this is the last key.
    const left = room - used - name.length - (n === ordered.length - 1 ? 0 : 12);
    if (left < 8) break;
    const text = fit(record[key], left, style);
    if (used + name.length + text.length > room - (n === ordered.length - 1 ? 0 : 10) && parts.length > 0) break;
    parts.push(name + text);
    used += name.length + text.length + comma.length;
  }
  if (parts.length < keys.length) parts.push(`…+${keys.length - parts.length} keys`);
  return `{${parts.join(comma)}}`;
}

function isEmpty(value: unknown): boolean {
  return value === null || value === '' || (isContainer(value) && childCount(value) === 0);
}

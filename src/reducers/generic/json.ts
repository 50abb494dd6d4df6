/**
 * The fallback for JSON: an object, an array, or NDJSON. Shows the document's shape with every key,
 * samples the first items of each array, and cites (by JSON pointer) the items whose status-like
 * values are rare and read like failures. Invalid JSON falls back to the text digest.
 */
import type { Bullet, CitationDraft, JsonStyle, Omission, PacketParts, PointerCitation as PointerCitationDraft, Reducer } from '../../core/types.js';
import { LogDigest } from './log-digest.js';
import { NdjsonRecords } from './ndjson-records.js';
import { edgeRows } from './structured-run.js';
import { count, plural } from '../../core/format.js';
import { findCollections, IDENTITY_KEY, type Anomaly, type Collection } from './json-collections.js';
import { foldJson, size } from './json-fold.js';
import { jsonTable, type JsonTable } from './json-table.js';
import { isPlainObject, PartialObject, pointerJoin, renderJson, resolvePointer } from './json-render.js';
import { jsonClaims } from './json.claims.js';

const MAX_FLAGGED_CITED = 24;
/** Items named in a collection's index: the first ones and the last few (newest and oldest). */
const INDEX_FIRST = 9;
const INDEX_LAST = 3;
/** The longest preview of an item's text (a comment body, a log message) in its index line. */
const PREVIEW_CHARS = 80;
/** Table rows offered beyond the index, packed only into room left over: up to this many from each end. */
const MORE_FIRST = 200;
const MORE_LAST = 40;
/** A document bigger than this is not shown whole: an object's shape becomes its folded view. */
const FOLD_FROM = 7 * 1024;
/** Characters the folded view aims at: most of the answer budget, leaving room for the header, bullets and indexes. */
const FOLD_TARGET = 6000;

export const jsonReducer: Reducer = {
  ...jsonClaims,
  version: '1.4.1',
  wantsJson: true,
  start(ctx) {
    const digest = new LogDigest({ extraPatterns: ctx.errorPatterns });
    let parsed: { doc: unknown; style: JsonStyle } | null = null;
    const records = new NdjsonRecords();
    let chars = 0;
    return {
      line(stream, n, text, marks) {
        chars += text.length + 1;
        digest.line(stream, n, text, marks);
        if (stream === 'stdout') records.line(n, text);
      },
      json(doc, style) {
        parsed = { doc, style };
      },
      finish(exit) {
        if (parsed) return distillJson(parsed.doc, parsed.style, digest, exit.code !== null && exit.code !== 0, { fold: Math.max(chars, size(parsed.doc, FOLD_FROM + 1)) > FOLD_FROM });
        const parts = digest.finish(exit);
        if (records.records < 2 || records.records < digest.lines.stdout * 0.8) return parts;
        const joined = withRecords(parts, records.finish(() => digest.nextRef()));
        // Records read for themselves (`jq -c '.[]'`): room for all of them, and past the budget the
        // first, middle and last records, as any other answer's rows. A failing run's event stream (`go test -json`) is a verdict's evidence: no filler rows.
        if (ctx.intent === 'answer' && (exit.code ?? 0) === 0 && !joined.fields.flaggedRecords) {
          const edges = edgeRows(digest.lines, () => digest.nextRef());
          if (edges) joined.citations.push(edges);
          joined.answerBytes = chars;
        }
        return joined;
      },
    };
  },
};

/** NDJSON: the records' keys, status counts and flagged records go first, the log digest after. */
function withRecords(parts: PacketParts, records: ReturnType<NdjsonRecords['finish']>): PacketParts {
  return {
    ...parts,
    status: records.fields.flaggedRecords ? 'fail' : parts.status,
    summary: [...records.summary, ...parts.summary],
    fields: { type: 'ndjson', ...records.fields, ...parts.fields },
    citations: [...records.citations, ...parts.citations],
    omitted: [...records.omitted, ...parts.omitted],
  };
}

/** The JSON digest proper; exported so family reducers (gh api, kubectl -o json) can build on it. */
export function distillJson(doc: unknown, style: JsonStyle, refs: { nextRef(): string }, failedExit: boolean, options: { fold?: boolean } = {}): PacketParts {
  const summary: Bullet[] = [];
  const citations: CitationDraft[] = [];
  const omitted: Omission[] = [];
  const fields: PacketParts['fields'] = {};

  const rootRef = refs.nextRef();
  // An object too big to show whole is read by its keys: every level that fits, folded below that.
  // An array keeps its table or index first; its folded items fill the room left after them.
  // A long table's own rows say more than folded items: it keeps its rows.
  const longTable = Array.isArray(doc) && doc.length > INDEX_FIRST + INDEX_LAST && jsonTable(doc, style) !== null;
  const folded = options.fold && !longTable ? foldJson(doc, style, FOLD_TARGET) : [];
  const shape = folded.length ? folded : [renderJson(doc, { style, limit: 240, maxString: 80 })];
  const root: PointerCitationDraft = { ref: rootRef, stream: 'stdout', pointer: '', label: folded.length ? 'document, folded' : 'document shape', priority: Array.isArray(doc) ? 'low' : 'high', excerpt: shape };
  citations.push(root);
  // On success the document is the answer the caller asked for: room for its shape and index.
  let answerBytes = Array.isArray(doc) ? 0 : excerptBytes(shape);
  fields.type = Array.isArray(doc) ? 'array' : doc === null ? 'null' : typeof doc;
  if (Array.isArray(doc)) fields.items = doc.length;
  else if (isPlainObject(doc)) fields.keys = Object.keys(doc).length;
  if (!Array.isArray(doc)) summary.push({ text: describeRoot(doc), cites: [rootRef], fields: ['type'] });

  const collections = findCollections(doc).sort((a, b) => b.items.length - a.items.length || a.pointer.localeCompare(b.pointer)).slice(0, 4);
  let flaggedTotal = 0;
  const histogramField: Record<string, Record<string, number>> = {};
  collections.forEach((collection, rank) => {
    const where = collection.pointer || '/';
    const flagged = distinctFirst([...collection.anomalies].sort((a, b) => b.weight - a.weight || a.index - b.index));
    flaggedTotal += flagged.length;
    const flaggedRefs: string[] = [];
    flagged.slice(0, MAX_FLAGGED_CITED).forEach((anomaly, i) => {
      const ref = refs.nextRef();
      flaggedRefs.push(ref);
      const pointer = pointerJoin(collection.pointer, anomaly.index);
      citations.push({ ref, stream: 'stdout', pointer, label: `flagged: ${describeAnomaly(anomaly)}`, priority: i < 8 ? 'high' : 'normal', excerpt: renderAnomaly(collection.items[anomaly.index], anomaly, style) });
    });
    if (flagged.length > MAX_FLAGGED_CITED) omitted.push({ what: `flagged items in ${where} past the first ${MAX_FLAGGED_CITED}`, count: flagged.length - MAX_FLAGGED_CITED });

    const indexRef = refs.nextRef();
    const table = jsonTable(collection.items, style);
    const index = table ? renderTableIndex(collection, table) : renderIndex(collection, style);
    const listed = Math.min(INDEX_FIRST + INDEX_LAST, collection.items.length);
    const which = listed < collection.items.length ? `first ${INDEX_FIRST} and last ${INDEX_LAST}` : `all ${count(listed)}`;
    citations.push({ ref: indexRef, stream: 'stdout', pointer: collection.pointer, label: `${which} of ${plural(collection.items.length, 'item')}, ${table ? 'as a table' : 'identity keys'}`, kind: 'item index', priority: flagged.length || (folded.length && !Array.isArray(doc)) ? 'low' : 'high', excerpt: index });
    if (rank < 2 && !flagged.length) answerBytes += excerptBytes(index);
    const sampleRef = refs.nextRef();
    citations.push({ ref: sampleRef, stream: 'stdout', pointer: pointerJoin(collection.pointer, 0), label: 'first item (sample)', priority: 'low', excerpt: [renderJson(collection.items[0], { style, limit: 480, maxString: 80 })] });
    if (table && collection.items.length > listed && rank < 2) {
      // More rows fill what room the index leaves: the last ones first (a newest or final state), then on from the first.
      const n = collection.items.length;
      const tailFrom = Math.max(INDEX_FIRST, n - INDEX_LAST - MORE_LAST);
      const headTo = Math.min(tailFrom, INDEX_FIRST + MORE_FIRST);
      if (tailFrom < n - INDEX_LAST) citations.push({ ref: refs.nextRef(), stream: 'stdout', pointer: collection.pointer, label: `table rows ${tailFrom}-${n - INDEX_LAST - 1}`, kind: 'table rows', priority: 'low', excerpt: [table.header, ...collection.items.slice(tailFrom, n - INDEX_LAST).map((item, i) => table.row(item, tailFrom + i))] });
      if (headTo > INDEX_FIRST) citations.push({ ref: refs.nextRef(), stream: 'stdout', pointer: collection.pointer, label: `table rows ${INDEX_FIRST}-${headTo - 1}`, kind: 'table rows', priority: 'low', excerpt: [table.header, ...collection.items.slice(INDEX_FIRST, headTo).map((item, i) => table.row(item, INDEX_FIRST + i))] });
    }
    if (collection.items.length > listed) omitted.push({ what: `items of ${where} not listed`, count: collection.items.length - listed });

    const histograms: string[] = [];
    // Only value counts that tell something: more than one value, or a value that reads like a failure.
    for (const [path, values] of [...collection.histograms].filter(([, v]) => v.size > 1 || flagged.length > 0).slice(0, 4)) {
      const sorted = [...values.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
      histogramField[`${where}[].${path}`] = Object.fromEntries(sorted);
      histograms.push(`${path}: ${sorted.map(([v, c]) => `${v} ${count(c)}`).join(', ')}`);
    }
    const flaggedText = flagged.length ? `; ${plural(flagged.length, 'item')} flagged` : '';
    // The two largest collections get a bullet; smaller ones are still cited and counted.
    if (rank < 2 || flagged.length) summary.push({
      text: `${where}: ${plural(collection.items.length, 'item')}${flaggedText}`,
      cites: [...flaggedRefs.slice(0, 4), indexRef],
    });
    if (table && rank < 2) for (const [column, values] of table.counts.slice(0, 4)) {
      histogramField[`${where}[].${column}`] = Object.fromEntries(values);
      histograms.push(`${column}: ${values.map(([v, c]) => `${v} ${count(c)}`).join(', ')}`);
    }
    if (histograms.length) summary.push({ text: histograms.slice(0, 6).join('; '), fields: ['histograms'] });
  });
  // Items that read as failures come first; the folded document fills what room they leave.
  if (flaggedTotal > 0 && folded.length) root.priority = 'low';
  if (collections.length > 1 && flaggedTotal > 0) fields.collections = Object.fromEntries(collections.map((c) => [c.pointer || '/', c.items.length]));
  if (flaggedTotal > 0) fields.flagged = flaggedTotal;
  if (Object.keys(histogramField).length) fields.histograms = histogramField;
  const status = failedExit || flaggedTotal > 0 ? (failedExit || collections.some((c) => c.anomalies.some((a) => a.weight >= 3)) ? 'fail' : 'warn') : 'ok';
  return { status, summary, fields, citations, omitted, confidence: flaggedTotal > MAX_FLAGGED_CITED ? 0.6 : 0.8, ...(status === 'ok' ? { answerBytes } : {}) };
}

/** What an excerpt costs beyond its lines: its `[c2] stdout /items · …` header and the bullet citing it. */
const EXCERPT_OVERHEAD = 120;

/** Rendered size of a pointer excerpt: each line with its `  │ ` gutter, plus its header and bullet. */
function excerptBytes(lines: readonly string[]): number {
  return lines.reduce((sum, line) => sum + Buffer.byteLength(line) + 5, EXCERPT_OVERHEAD);
}

function describeRoot(doc: unknown): string {
  if (Array.isArray(doc)) return `JSON array of ${plural(doc.length, 'item')}`;
  if (isPlainObject(doc)) {
    const keys = Object.keys(doc);
    return `JSON object with ${plural(keys.length, 'key')}: ${keys.slice(0, 6).join(', ')}${keys.length > 6 ? ', …' : ''}`;
  }
  return `JSON ${doc === null ? 'null' : typeof doc}`;
}

/**
 * Each distinct flagged value first (the heaviest of each), then the repeats: 304 orders with status=failed are one
 * finding, and the one status=chargeback among them must not wait behind all of them.
 */
function distinctFirst(anomalies: Anomaly[]): Anomaly[] {
  const seen = new Set<string>();
  const first: Anomaly[] = [];
  const repeats: Anomaly[] = [];
  for (const anomaly of anomalies) {
    const key = describeAnomaly(anomaly);
    (seen.has(key) ? repeats : first).push(anomaly);
    seen.add(key);
  }
  return [...first, ...repeats];
}

function describeAnomaly(anomaly: Anomaly): string {
  const values = [...new Set(anomaly.leaves.map((l) => `${l.key}=${String(l.value)}`))];
  return values.slice(0, 3).join(', ') + (values.length > 3 ? ', …' : '');
}

/** An identity line for the flagged entity, then each object that holds a flagged value. */
function renderAnomaly(item: unknown, anomaly: Anomaly, style: JsonStyle): string[] {
  const { entity, pointer: entityPointer } = findEntity(item, anomaly);
  const lines: string[] = [];
  // A nested entity (a container inside a pod) is found again by its item's own name first.
  if (entityPointer) {
    const name = itemIdentity(item);
    if (name) lines.push(`/ ${renderJson(name, { style, limit: 200, maxString: 90 })}`);
  }
  lines.push(`${entityPointer || '/'} ${renderJson(identityView(entity), { style, limit: 420, maxString: 120, first: identityFirst(entity, anomaly) })}`);
  const parents = new Set<string>();
  for (const leaf of anomaly.leaves) {
    if (!leaf.pointer.startsWith(entityPointer)) continue;
    const parent = leaf.pointer.slice(0, leaf.pointer.lastIndexOf('/'));
    if (parent === entityPointer || parents.has(parent)) continue;
    parents.add(parent);
    if (parents.size > 4) break;
    const { value } = resolvePointer(item, parent);
    const keys = anomaly.leaves.filter((l) => l.pointer.startsWith(parent + '/')).map((l) => l.key);
    lines.push(`${parent.slice(entityPointer.length) || '/'} ${renderJson(value, { style, limit: 300, maxString: 160, first: keys })}`);
  }
  return lines;
}

/**
 * The entity a flagged item is about: the deepest object above all flagged values that names
 * itself by a key that is not one of the flagged values (a State {Name: "stopped"} does not count).
 */
function findEntity(item: unknown, anomaly: Anomaly): { entity: unknown; pointer: string } {
  const flagged = new Set(anomaly.leaves.map((l) => l.pointer));
  const paths = anomaly.leaves.map((l) => l.pointer.split('/').slice(1, -1));
  const common: string[] = [];
  for (let i = 0; paths.every((p) => i < p.length && p[i] === paths[0]![i]); i++) common.push(paths[0]![i]!);
  let best = { entity: item, pointer: '' };
  let pointer = '';
  for (const segment of common) {
    pointer += '/' + segment;
    const { value } = resolvePointer(item, pointer);
    if (isPlainObject(value) && Object.keys(value).some((k) => IDENTITY_KEY.test(k) && !flagged.has(pointerJoin(pointer, k)))) best = { entity: value, pointer };
  }
  return best;
}

function identityFirst(entity: unknown, anomaly: Anomaly): string[] {
  if (!isPlainObject(entity)) return [];
  const keys = Object.keys(entity);
  const identity = keys.filter((k) => IDENTITY_KEY.test(k));
  const flagged = anomaly.leaves.map((l) => l.key).filter((k) => keys.includes(k));
  const nestedIdentity = keys.filter((k) => isPlainObject(entity[k]) && Object.keys(entity[k] as object).some((c) => IDENTITY_KEY.test(c)));
  // Tags and labels often carry the human name of the thing (AWS Tags, Kubernetes labels).
  const naming = keys.filter((k) => /^(?:tags|labels)$/i.test(k));
  return [...new Set([...flagged, ...identity.sort(byIdentityRank), ...naming, ...nestedIdentity])];
}

/** Nested objects shrink to their identity keys (`"metadata":{"name":"x",…+12 keys}`); scalars stay. */
function identityView(entity: unknown): unknown {
  if (!isPlainObject(entity)) return entity;
  const view: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(entity)) {
    if (isPlainObject(value)) {
      const keys = Object.keys(value);
      const ids = keys.filter((k) => IDENTITY_KEY.test(k) && !isPlainObject(value[k]) && !Array.isArray(value[k]));
      view[key] = ids.length ? new PartialObject(Object.fromEntries(ids.map((k) => [k, value[k]])), keys.length - ids.length) : value;
    } else view[key] = value;
  }
  return view;
}

/** Keys that name an item best, most telling first; URLs and node ids name it for machines only. */
const INDEX_KEYS = ['number', 'name', 'title', 'key', 'login', 'id', 'slug', 'namespace', 'full_name'];

/** Keys that name an item for machines only (URLs, GraphQL node ids): never an index's first choice. */
function isMachineKey(key: string): boolean {
  return /url$|^node_id$/i.test(key);
}

function byIdentityRank(a: string, b: string): number {
  const rank = (k: string): number => {
    const i = INDEX_KEYS.indexOf(k.toLowerCase());
    return i === -1 ? (isMachineKey(k) ? 99 : 50) : i;
  };
  return rank(a) - rank(b);
}

/**
 * The keys that name an item, with its outcome when it has one: `{"number":42,"title":"…","state":"OPEN"}`,
 * or Kubernetes-style one level down: `{"metadata":{"name":"api-7f9c","namespace":"prod"}}`. Null when none.
 */
function itemIdentity(item: Record<string, unknown> | unknown): Record<string, unknown> | null {
  if (!isPlainObject(item)) return null;
  const shown: Record<string, unknown> = {};
  const own = Object.keys(item)
    .filter((k) => IDENTITY_KEY.test(k) && !isMachineKey(k) && (typeof item[k] !== 'object' || item[k] === null))
    .sort(byIdentityRank)
    .slice(0, 3);
  for (const key of own) shown[key] = item[key];
  for (const key of Object.keys(item).filter((k) => /^(?:state|status|conclusion|phase|result)$/i.test(k) && typeof item[k] === 'string').slice(0, 1)) shown[key] = item[key];
  // No title or name: the start of what the item says (a comment's body, a log entry's message).
  if (!own.some((k) => /^(?:title|name|full_name|summary)$/i.test(k))) {
    const text = Object.keys(item).find((k) => /^(?:body|message|msg|description|text|summary|subject)$/i.test(k) && typeof item[k] === 'string' && (item[k] as string).trim() !== '');
    if (text) shown[text] = preview(item[text] as string);
  }
  if (own.length < 2) {
    for (const [key, value] of Object.entries(item)) {
      if (!isPlainObject(value)) continue;
      const ids = Object.keys(value).filter((k) => IDENTITY_KEY.test(k) && !isMachineKey(k) && !/^uid$/i.test(k) && typeof value[k] !== 'object').sort(byIdentityRank).slice(0, 2);
      if (ids.length) {
        shown[key] = new PartialObject(Object.fromEntries(ids.map((k) => [k, value[k]])), 0);
        break;
      }
    }
  }
  return Object.keys(shown).length ? shown : null;
}

/** The head of a text, on one line, cut at a word when it is long: `You have reached your … limits…`. */
function preview(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= PREVIEW_CHARS) return line;
  const cut = line.slice(0, PREVIEW_CHARS);
  const space = cut.lastIndexOf(' ');
  return `${space > PREVIEW_CHARS / 2 ? cut.slice(0, space) : cut}…`;
}

/** The index as a table: the header, the first rows, a count, the last rows. */
function renderTableIndex(collection: Collection, table: JsonTable): string[] {
  const { items } = collection;
  if (items.length <= INDEX_FIRST + INDEX_LAST) return [table.header, ...items.map(table.row)];
  const lastFrom = items.length - INDEX_LAST;
  return [table.header, ...items.slice(0, INDEX_FIRST).map(table.row), `… ${count(lastFrom - INDEX_FIRST)} more rows`, ...items.slice(lastFrom).map((item, i) => table.row(item, lastFrom + i))];
}

function renderIndex(collection: Collection, style: JsonStyle): string[] {
  const { items } = collection;
  const line = (item: unknown, i: number): string => `${i} ${renderJson(itemIdentity(item) ?? item, { style, limit: 160, maxString: 90 })}`;
  if (items.length <= INDEX_FIRST + INDEX_LAST) return items.map(line);
  const lastFrom = items.length - INDEX_LAST;
  return [...items.slice(0, INDEX_FIRST).map(line), `… ${count(lastFrom - INDEX_FIRST)} more items`, ...items.slice(lastFrom).map((item, i) => line(item, lastFrom + i))];
}

/**
 * The fallback for JSON: an object, an array, or NDJSON. Shows the document's shape with every key,
 * samples the first items of each array, and cites (by JSON pointer) the items whose status-like
 * values are rare and read like failures. Invalid JSON falls back to the text digest.
 */
import type { Bullet, CitationDraft, JsonStyle, Omission, PacketParts, Reducer } from '../core/types.js';
import { LogDigest } from './_shared/log-digest.js';
import { count, plural } from '../core/format.js';
import { findCollections, IDENTITY_KEY, type Anomaly, type Collection } from './_shared/json-collections.js';
import { isPlainObject, PartialObject, pointerJoin, renderJson, resolvePointer } from './_shared/json-render.js';

const MAX_FLAGGED_CITED = 24;
const INDEX_ITEMS = 12;

export const jsonReducer: Reducer = {
  name: 'json',
  family: 'json',
  version: '1.0.0',
  wantsJson: true,
  detect: (probe) => (/^\s*[[{]/.test(probe.head) ? 0.3 : 0),
  start(ctx) {
    const digest = new LogDigest({ extraPatterns: ctx.errorPatterns });
    let parsed: { doc: unknown; style: JsonStyle } | null = null;
    let jsonLines = 0;
    return {
      line(stream, n, text) {
        digest.line(stream, n, text);
        if (stream === 'stdout' && /^\s*\{.*\}\s*$/.test(text)) jsonLines++;
      },
      json(doc, style) {
        parsed = { doc, style };
      },
      finish(exit) {
        if (!parsed) {
          const parts = digest.finish(exit);
          if (jsonLines > 1 && jsonLines >= digest.lines.stdout * 0.8) {
            parts.summary.unshift({ text: `NDJSON: ${plural(jsonLines, 'record')}, read as a log`, fields: ['records'] });
            parts.fields.records = jsonLines;
          }
          return parts;
        }
        return distillJson(parsed.doc, parsed.style, digest, exit.code !== null && exit.code !== 0);
      },
    };
  },
};

/** The JSON digest proper; exported so family reducers (gh api, kubectl -o json) can build on it. */
export function distillJson(doc: unknown, style: JsonStyle, refs: { nextRef(): string }, failedExit: boolean): PacketParts {
  const summary: Bullet[] = [];
  const citations: CitationDraft[] = [];
  const omitted: Omission[] = [];
  const fields: PacketParts['fields'] = {};

  const rootRef = refs.nextRef();
  citations.push({ ref: rootRef, stream: 'stdout', pointer: '', label: 'document shape', priority: Array.isArray(doc) ? 'low' : 'high', excerpt: [renderJson(doc, { style, limit: 240, maxString: 80 })] });
  fields.type = Array.isArray(doc) ? 'array' : doc === null ? 'null' : typeof doc;
  if (Array.isArray(doc)) fields.items = doc.length;
  else if (isPlainObject(doc)) fields.keys = Object.keys(doc).length;
  if (!Array.isArray(doc)) summary.push({ text: describeRoot(doc), cites: [rootRef], fields: ['type'] });

  const collections = findCollections(doc).sort((a, b) => b.items.length - a.items.length || a.pointer.localeCompare(b.pointer)).slice(0, 4);
  let flaggedTotal = 0;
  const histogramField: Record<string, Record<string, number>> = {};
  collections.forEach((collection, rank) => {
    const where = collection.pointer || '/';
    const flagged = [...collection.anomalies].sort((a, b) => b.weight - a.weight || a.index - b.index);
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
    citations.push({ ref: indexRef, stream: 'stdout', pointer: collection.pointer, label: `first ${Math.min(INDEX_ITEMS, collection.items.length)} of ${count(collection.items.length)} items, identity keys`, kind: 'item index', priority: flagged.length ? 'low' : 'high', excerpt: renderIndex(collection, style) });
    const sampleRef = refs.nextRef();
    citations.push({ ref: sampleRef, stream: 'stdout', pointer: pointerJoin(collection.pointer, 0), label: 'first item (sample)', priority: 'low', excerpt: [renderJson(collection.items[0], { style, limit: 480, maxString: 80 })] });
    if (collection.items.length > INDEX_ITEMS) omitted.push({ what: `items of ${where} not listed`, count: collection.items.length - INDEX_ITEMS });

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
    if (histograms.length) summary.push({ text: histograms.slice(0, 4).join('; '), fields: ['histograms'] });
  });
  if (collections.length > 1 && flaggedTotal > 0) fields.collections = Object.fromEntries(collections.map((c) => [c.pointer || '/', c.items.length]));
  if (flaggedTotal > 0) fields.flagged = flaggedTotal;
  if (Object.keys(histogramField).length) fields.histograms = histogramField;
  const status = failedExit || flaggedTotal > 0 ? (failedExit || collections.some((c) => c.anomalies.some((a) => a.weight >= 3)) ? 'fail' : 'warn') : 'ok';
  return { status, summary, fields, citations, omitted, confidence: flaggedTotal > MAX_FLAGGED_CITED ? 0.6 : 0.8 };
}

function describeRoot(doc: unknown): string {
  if (Array.isArray(doc)) return `JSON array of ${plural(doc.length, 'item')}`;
  if (isPlainObject(doc)) {
    const keys = Object.keys(doc);
    return `JSON object with ${plural(keys.length, 'key')}: ${keys.slice(0, 6).join(', ')}${keys.length > 6 ? ', …' : ''}`;
  }
  return `JSON ${doc === null ? 'null' : typeof doc}`;
}

function describeAnomaly(anomaly: Anomaly): string {
  const values = [...new Set(anomaly.leaves.map((l) => `${l.key}=${String(l.value)}`))];
  return values.slice(0, 3).join(', ') + (values.length > 3 ? ', …' : '');
}

/** An identity line for the flagged entity, then each object that holds a flagged value. */
function renderAnomaly(item: unknown, anomaly: Anomaly, style: JsonStyle): string[] {
  const { entity, pointer: entityPointer } = findEntity(item, anomaly);
  const lines = [`${entityPointer || '/'} ${renderJson(identityView(entity), { style, limit: 420, maxString: 120, first: identityFirst(entity, anomaly) })}`];
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

function renderIndex(collection: Collection, style: JsonStyle): string[] {
  const lines = collection.items.slice(0, INDEX_ITEMS).map((item, i) => {
    if (!isPlainObject(item)) return `${i} ${renderJson(item, { style, limit: 120, maxString: 80 })}`;
    const shown: Record<string, unknown> = {};
    const own = Object.keys(item)
      .filter((k) => IDENTITY_KEY.test(k) && !isMachineKey(k) && (typeof item[k] !== 'object' || item[k] === null))
      .sort(byIdentityRank)
      .slice(0, 3);
    for (const key of own) shown[key] = item[key];
    // The item's outcome, when it has one, belongs in its index line.
    for (const key of Object.keys(item).filter((k) => /^(?:state|status|conclusion|phase|result)$/i.test(k) && typeof item[k] === 'string').slice(0, 1)) shown[key] = item[key];
    if (own.length < 2) {
      // Kubernetes-style: the name lives one level down (metadata.name).
      for (const [key, value] of Object.entries(item)) {
        if (!isPlainObject(value)) continue;
        const ids = Object.keys(value).filter((k) => IDENTITY_KEY.test(k) && !isMachineKey(k) && !/^uid$/i.test(k) && typeof value[k] !== 'object').sort(byIdentityRank).slice(0, 2);
        if (ids.length) {
          shown[key] = new PartialObject(Object.fromEntries(ids.map((k) => [k, value[k]])), 0);
          break;
        }
      }
    }
    return `${i} ${renderJson(Object.keys(shown).length ? shown : item, { style, limit: 160, maxString: 90 })}`;
  });
  if (collection.items.length > INDEX_ITEMS) lines.push(`… ${count(collection.items.length - INDEX_ITEMS)} more items`);
  return lines;
}

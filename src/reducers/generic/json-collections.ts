import { isPlainObject, pointerJoin } from './json-render.js';

/**
 * Finds the arrays of similar objects in a JSON document and, in each, the items that stand out:
 * a status-like value that is rare in the array and reads like a failure.
 */

/** Values that say something went wrong. */
export const STRONG_BAD = /fail|error|crash|backoff|oom|kill|evict|denied|forbidden|invalid|unhealthy|timeout|timed.?out|reject|unreachable|conflict|broken|fatal|panic|abort/i;
/** Values that say something is not running as it should, without saying it broke. */
export const WEAK_BAD = /stopp|terminat|shutdown|exited|degraded|not.?ready|pending|cancel|unschedul|missing|unknown|skipped|inactive|offline|down\b/i;
/** Failures that take a thing down, ranked above an ordinary error. */
const SEVERE = /oom|crash|backoff|evict|kill|panic|fatal|unreachable/i;
const BAD_VALUE = new RegExp(`${STRONG_BAD.source}|${WEAK_BAD.source}`, 'i');
/** Keys whose values are outcomes rather than names. */
export const STATUS_KEY = /^(?:status|state|conclusion|phase|reason|result|outcome|health|level|severity|code|lifecycle|ready)$/i;
/** Keys that name an entity, shown first so a flagged item can be found again. */
export const IDENTITY_KEY = /^(?:name|id|key|number|title|namespace|login|slug|full_name|html_url|url|uid|arn|address|path|file|filename|ref)$|Id$|Name$|_id$/;

const MAX_ITEMS_SCANNED = 20_000;
const MAX_LEAVES_PER_ITEM = 400;
const MAX_DISTINCT = 24;
const MAX_LEAF_DEPTH = 7;

export interface Leaf {
  /** Path inside the item with `[]` for array elements: `status.containerStatuses[].state.waiting.reason`. */
  path: string;
  /** JSON pointer relative to the item: `/status/containerStatuses/0/state/waiting/reason`. */
  pointer: string;
  key: string;
  value: string | boolean;
}

export interface Anomaly {
  index: number;
  leaves: Leaf[];
  /** How strongly the item reads as a failure (bad words outrank mere rarity). */
  weight: number;
}

export interface Collection {
  pointer: string;
  items: unknown[];
  /** Value counts per status-like path, for typed fields (`conclusion: success 29, failure 1`). */
  histograms: Map<string, Map<string, number>>;
  anomalies: Anomaly[];
  keys: string[];
}

export function findCollections(doc: unknown, maxDepth = 4): Collection[] {
  const found: Collection[] = [];
  const visit = (value: unknown, pointer: string, depth: number): void => {
    if (depth > maxDepth) return;
    if (Array.isArray(value)) {
      const objects = value.filter(isPlainObject).length;
      if (value.length >= 2 && objects >= value.length / 2) {
        found.push(analyse(pointer, value));
        return;
      }
      value.slice(0, 50).forEach((item, i) => visit(item, pointerJoin(pointer, i), depth + 1));
    } else if (isPlainObject(value)) {
      for (const [key, child] of Object.entries(value)) visit(child, pointerJoin(pointer, key), depth + 1);
    }
  };
  visit(doc, '', 0);
  return found;
}

function analyse(pointer: string, items: unknown[]): Collection {
  const scanned = items.slice(0, MAX_ITEMS_SCANNED);
  const perItem = scanned.map((item) => (isPlainObject(item) ? leavesOf(item) : []));
  const counts = new Map<string, Map<string, number>>();
  const presence = new Map<string, number>();
  const keySet = new Set<string>();
  for (const item of scanned) if (isPlainObject(item)) for (const key of Object.keys(item)) keySet.add(key);
  perItem.forEach((leaves) => {
    const seenPaths = new Set<string>();
    for (const leaf of leaves) {
      const value = String(leaf.value);
      let values = counts.get(leaf.path);
      if (!values) counts.set(leaf.path, (values = new Map()));
      if (values.size <= MAX_DISTINCT || values.has(value)) values.set(value, (values.get(value) ?? 0) + 1);
      if (!seenPaths.has(leaf.path)) {
        seenPaths.add(leaf.path);
        presence.set(leaf.path, (presence.get(leaf.path) ?? 0) + 1);
      }
    }
  });
  const n = scanned.length;
  const anomalies: Anomaly[] = [];
  perItem.forEach((leaves, index) => {
    let weight = 0;
    const picked: Leaf[] = [];
    for (const leaf of leaves) {
      const values = counts.get(leaf.path)!;
      if (values.size > MAX_DISTINCT || typeof leaf.value !== 'string' || leaf.value.length > 120) continue;
      const value = leaf.value;
      const share = (values.get(value) ?? 0) / n;
      if (share >= 1 && n > 1) continue; // what every item says is the norm, not an anomaly
      const statusLike = STATUS_KEY.test(leaf.key) || /(?:status|state|reason|phase|conclusion)$/i.test(leaf.key);
      let score = 0;
      if (statusLike && STRONG_BAD.test(value)) score = 10;
      else if (statusLike && WEAK_BAD.test(value) && share <= 0.5) score = 3;
      else if (!statusLike && STRONG_BAD.test(value) && share <= 0.2 && /message|error|reason|detail/i.test(leaf.key)) score = 2;
      else if (statusLike && values.size > 1 && share <= 0.1 && n >= 5) score = 1;
      if (score > 0) {
        // Worse states outrank plain errors; what happened before (lastState, previous) counts half.
        if (SEVERE.test(value)) score += 5;
        if (/(?:^|\.)(?:last|previous|prev)[A-Z_.]/.test(leaf.path)) score = Math.ceil(score / 2);
        picked.push(leaf);
        weight += score;
      }
    }
    if (picked.length > 0) anomalies.push({ index, leaves: picked, weight });
  });
  const histograms = new Map<string, Map<string, number>>();
  for (const [path, values] of counts) {
    const key = path.split(/[.[\]]+/).filter(Boolean).at(-1) ?? path;
    if (!STATUS_KEY.test(key) || values.size < 1 || values.size > 8) continue;
    if ((presence.get(path) ?? 0) < n / 2 && ![...values.keys()].some((v) => BAD_VALUE.test(v))) continue;
    histograms.set(path, values);
  }
  return { pointer, items, histograms, anomalies, keys: [...keySet] };
}

function leavesOf(item: Record<string, unknown>): Leaf[] {
  const out: Leaf[] = [];
  const walk = (value: unknown, path: string, pointer: string, key: string, depth: number): void => {
    if (out.length >= MAX_LEAVES_PER_ITEM || depth > MAX_LEAF_DEPTH) return;
    if (typeof value === 'string' || typeof value === 'boolean') {
      out.push({ path, pointer, key, value });
    } else if (Array.isArray(value) && value.length > 0 && value.length <= 4 && value.every((v) => typeof v === 'string' && v.length <= 30)) {
      // A short list of words is one value: terraform's actions ["delete", "create"].
      out.push({ path, pointer, key, value: value.join(',') });
    } else if (Array.isArray(value)) {
      value.slice(0, 20).forEach((child, i) => {
        if (isPlainObject(child)) walk(child, `${path}[]`, pointerJoin(pointer, i), key, depth + 1);
      });
    } else if (isPlainObject(value)) {
      for (const [k, child] of Object.entries(value)) walk(child, path ? `${path}.${k}` : k, pointerJoin(pointer, k), k, depth + 1);
    }
  };
  walk(item, '', '', '', 0);
  return out;
}

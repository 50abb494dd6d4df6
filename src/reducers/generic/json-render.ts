import type { JsonStyle } from '../../core/types.js';
import { clip } from '../../core/format.js';

/** RFC 6901: `~` and `/` inside a key are escaped. */
export function pointerJoin(base: string, key: string | number): string {
  return `${base}/${String(key).replace(/~/g, '~0').replace(/\//g, '~1')}`;
}

export function resolvePointer(doc: unknown, pointer: string): { found: boolean; value: unknown } {
  if (pointer === '' || pointer === '/') return { found: pointer === '' || pointer === '/', value: doc };
  if (!pointer.startsWith('/')) return { found: false, value: undefined };
  let value: unknown = doc;
  for (const raw of pointer.slice(1).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(value) && /^\d+$/.test(key) && Number(key) < value.length) value = value[Number(key)];
    else if (value && typeof value === 'object' && !Array.isArray(value) && Object.prototype.hasOwnProperty.call(value, key)) value = (value as Record<string, unknown>)[key];
    else return { found: false, value: undefined };
  }
  return { found: true, value };
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** An object shown with only some of its keys; renders as `{"name":"x",…+13 keys}`. */
export class PartialObject {
  constructor(
    readonly shown: Record<string, unknown>,
    readonly hidden: number,
  ) {}
}

export interface RenderOptions {
  style: JsonStyle;
  /** Rough character budget for the whole rendering. */
  limit?: number;
  /** Longest string shown whole; longer ones are cut head … tail. */
  maxString?: number;
  /** Keys rendered first, in this order. */
  first?: readonly string[];
}

/**
 * Renders a JSON value on one line, in the input's own style, within a budget: every key of an
 * object is named, but values that do not fit become `{…N keys}`, `[…N items]` or a cut string.
 */
export function renderJson(value: unknown, options: RenderOptions): string {
  return render(value, options.limit ?? 400, options, 0);
}

function render(value: unknown, limit: number, options: RenderOptions, depth: number): string {
  const colon = options.style === 'compact' ? ':' : ': ';
  const comma = options.style === 'compact' ? ',' : ', ';
  if (value === null || typeof value !== 'object') return renderScalar(value, options.maxString ?? 160);
  if (value instanceof PartialObject) {
    const inner = render(value.shown, limit, options, depth);
    if (value.hidden === 0) return inner;
    return `${inner.slice(0, -1)}${inner === '{}' ? '' : comma}…+${value.hidden} keys}`;
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    if (depth > 8 || limit < 12) return `[…${value.length} items]`;
    const parts: string[] = [];
    let used = 2;
    for (const item of value) {
      if (parts.length >= 3) break;
      const text = render(item, Math.max(0, limit - used) / Math.max(1, Math.min(3, value.length) - parts.length), options, depth + 1);
      if (used + text.length > limit && parts.length > 0) break;
      parts.push(text);
      used += text.length + comma.length;
    }
    if (parts.length < value.length) parts.push(`…${value.length - parts.length} more items`);
    return `[${parts.join(comma)}]`;
  }
  const record = value as Record<string, unknown>;
  const keys = orderKeys(Object.keys(record), options.first);
  if (keys.length === 0) return '{}';
  if (depth > 8 || limit < 12) return `{…${keys.length} keys}`;
  const parts: string[] = [];
  let used = 2;
  // Scalars and small values first get their real text; big nested values are summarised when space runs out.
  for (const key of keys) {
    const name = JSON.stringify(key) + colon;
    const child = record[key];
    let text = render(child, Math.max(0, limit - used - name.length), options, depth + 1);
    if (used + name.length + text.length > limit) text = summarise(child, options.maxString ?? 160);
    parts.push(name + text);
    used += name.length + text.length + comma.length;
    if (used > limit * 1.5) {
      const rest = keys.length - parts.length;
      if (rest > 0) parts.push(`…+${rest} keys: ${keys.slice(parts.length).slice(0, 12).join(', ')}${rest > 12 ? ', …' : ''}`);
      break;
    }
  }
  return `{${parts.join(comma)}}`;
}

function orderKeys(keys: string[], first: readonly string[] | undefined): string[] {
  if (!first || first.length === 0) return keys;
  const front = first.filter((k) => keys.includes(k));
  return [...front, ...keys.filter((k) => !front.includes(k))];
}

function summarise(value: unknown, maxString: number): string {
  if (Array.isArray(value)) return value.length === 0 ? '[]' : `[…${value.length} items]`;
  if (isPlainObject(value)) {
    const n = Object.keys(value).length;
    return n === 0 ? '{}' : `{…${n} keys}`;
  }
  return renderScalar(value, Math.min(maxString, 60));
}

export function renderScalar(value: unknown, maxString = 160): string {
  if (typeof value === 'string') {
    const text = JSON.stringify(value);
    return text.length > maxString + 2 ? JSON.stringify(clip(value, maxString)) : text;
  }
  if (value === undefined) return 'null';
  return JSON.stringify(value);
}

/** Whether the raw JSON puts a space after `:` (pretty-printed) or not. */
export function detectStyle(head: string): JsonStyle {
  const match = /"(?:[^"\\]|\\.)*"\s*:(\s?)/.exec(head);
  return match && match[1] ? 'spaced' : 'compact';
}

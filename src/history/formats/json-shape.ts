/** Small type guards and descriptors for untyped JSON input. */

export type JsonObject = Record<string, unknown>;

/** True for a plain JSON object (not an array, not null). */
export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Returns the field as a string, or undefined. */
export function stringField(obj: JsonObject, key: string): string | undefined {
  const value = obj[key];
  return typeof value === 'string' ? value : undefined;
}

/** Describes a value briefly for error messages: `object with keys a, b`, `array of 3`, `string`. */
export function describeShape(value: unknown): string {
  if (Array.isArray(value)) return `array of ${value.length}`;
  if (isObject(value)) {
    const keys = Object.keys(value).slice(0, 6);
    return keys.length === 0 ? 'empty object' : `object with keys ${keys.join(', ')}`;
  }
  return value === null ? 'null' : typeof value;
}

/** Returns the messages array of a request-like wrapper (`{messages: [...]}`), or undefined. */
export function wrappedArray(input: unknown, key: string): unknown[] | undefined {
  if (!isObject(input)) return undefined;
  const value = input[key];
  return Array.isArray(value) ? value : undefined;
}

/** Flattens a content value (string, or list of text-bearing blocks) to text. */
export function flattenText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return content === undefined || content === null ? '' : JSON.stringify(content);
  return content
    .map((part) => {
      if (isObject(part)) {
        const text = part['text'];
        if (typeof text === 'string') return text;
        const json = part['json'];
        if (json !== undefined) return JSON.stringify(json);
        const type = stringField(part, 'type');
        return type ? `[${type}]` : JSON.stringify(part);
      }
      return typeof part === 'string' ? part : JSON.stringify(part);
    })
    .join('\n');
}

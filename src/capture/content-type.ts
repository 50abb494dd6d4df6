import { opensJsonDocument } from '../core/json-start.js';
import { withoutAnsi } from '../core/lines.js';

/** A guess at what the bytes are, from the first few KiB: enough to route binary and JSON. */
export type ContentType = 'empty' | 'binary' | 'json' | 'diff' | 'text';

const MAGIC: Array<[string, number[]]> = [
  ['png', [0x89, 0x50, 0x4e, 0x47]],
  ['gzip', [0x1f, 0x8b]],
  ['zip', [0x50, 0x4b, 0x03, 0x04]],
  ['pdf', [0x25, 0x50, 0x44, 0x46]],
  ['elf', [0x7f, 0x45, 0x4c, 0x46]],
  ['jpeg', [0xff, 0xd8, 0xff]],
  ['gif', [0x47, 0x49, 0x46, 0x38]],
];

export function guessContentType(head: Buffer): { type: ContentType; detail?: string } {
  if (head.length === 0) return { type: 'empty' };
  for (const [name, magic] of MAGIC) if (magic.every((byte, i) => head[i] === byte)) return { type: 'binary', detail: name };
  let control = 0;
  for (const byte of head) {
    if (byte === 0) return { type: 'binary' };
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x1b && byte !== 0x0c) control++;
  }
  const decoded = head.toString('utf8');
  const invalid = (decoded.match(/\uFFFD/g) ?? []).length;
  if ((control + invalid) / Math.max(1, decoded.length) > 0.1) return { type: 'binary' };
  // Coloured JSON and diffs (`jq -C`, `git diff --color=always`) are still JSON and diffs.
  const text = withoutAnsi(decoded);
  if (opensJsonDocument(text.trimStart())) return { type: 'json' };
  if (/^diff --git /m.test(text) || (/^--- \S/m.test(text) && /^\+\+\+ \S/m.test(text))) return { type: 'diff' };
  return { type: 'text' };
}

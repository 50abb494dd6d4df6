/**
 * Streams the items of kubectl's pretty-printed JSON List (`"items": [` then one `{ ... }` per
 * object at the next indent), parsing each object alone and dropping it, for Lists too large to
 * parse whole. Compact one-line JSON cannot be split this way; the core's json() hook covers it.
 */

export interface JsonItem {
  doc: unknown;
  index: number;
  from: number;
  to: number;
  /** Lines inside the object that hold a status value worth showing (`"reason": "OOMKilled"`). */
  focus: number[];
}

const MAX_ITEM_CHARS = 4 * 1024 * 1024;
const FOCUS = /^\s*"(?:namespace|phase|reason|message|exitCode|restartCount|readyReplicas|unavailableReplicas|numberReady|failed)":/;
const NAME = /^\s*"name":/;

export class JsonItemStream {
  items = 0;
  oversized = 0;
  private indent: string | null = null;
  private open: { from: number; parts: string[]; chars: number; focus: number[]; named: boolean } | null = null;

  constructor(private readonly onItem: (item: JsonItem) => void) {}

  line(n: number, text: string): void {
    if (this.indent === null) {
      const m = /^(\s*)"items": \[$/.exec(text);
      if (m) this.indent = m[1]! + '    ';
      return;
    }
    if (!this.open) {
      if (text === `${this.indent}{`) this.open = { from: n, parts: ['{'], chars: 1, focus: [], named: false };
      else if (text.startsWith(this.indent.slice(4) + ']')) this.indent = null;
      return;
    }
    const item = this.open;
    if (text === `${this.indent}}` || text === `${this.indent}},`) {
      item.parts.push('}');
      this.open = null;
      this.emit(item, n);
      return;
    }
    if (item.chars > MAX_ITEM_CHARS) return;
    item.parts.push(text);
    item.chars += text.length;
    // The object's own name is the first "name" key (metadata sorts before spec and status).
    if (item.focus.length < 24 && (FOCUS.test(text) || (!item.named && NAME.test(text)))) {
      if (NAME.test(text)) item.named = true;
      item.focus.push(n);
    }
  }

  private emit(item: { from: number; parts: string[]; chars: number; focus: number[]; named: boolean }, to: number): void {
    const index = this.items++;
    if (item.chars > MAX_ITEM_CHARS) {
      this.oversized++;
      return;
    }
    let doc: unknown = null;
    try {
      doc = JSON.parse(item.parts.join('\n'));
    } catch {
      doc = null;
    }
    this.onItem({ doc, index, from: item.from, to, focus: item.focus });
  }
}

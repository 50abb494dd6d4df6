/**
 * Streams `kubectl get -o yaml` one object at a time: a List's `items:` entries (or each `---`
 * document) are buffered alone, parsed with a small block-YAML reader, handed on and dropped,
 * so a huge List never sits in memory whole. The reader covers what kubectl's emitter writes:
 * block maps and sequences, plain/quoted/folded scalars, `|` and `>` blocks, empty `{}`/`[]`.
 */
import { pointerJoin } from '../generic/json-render.js';

/** One object of the stream, with the 1-based line each value came from (by JSON pointer). */
export interface YamlItem {
  doc: unknown;
  from: number;
  to: number;
  lineOf: Map<string, number>;
}

const MAX_ITEM_LINES = 20_000;

export class YamlItemStream {
  /** Objects too large to buffer; counted, not parsed. */
  oversized = 0;
  items = 0;
  /** `kind:` of the top-level document (`List`, `PodList`, `Pod`, ...). */
  topKind: string | null = null;
  private buffer: Array<{ n: number; text: string }> = [];
  private inItems = false;
  private itemIndent = -1;
  private skipping = false;
  private docLines: Array<{ n: number; text: string }> = [];
  private docIsList = false;

  constructor(private readonly onItem: (item: YamlItem) => void) {}

  line(n: number, text: string): void {
    if (text === '---' || text.startsWith('--- ')) {
      this.endDoc();
      return;
    }
    if (/^kind: /.test(text) && this.topKind === null) this.topKind = text.slice(6).trim().replace(/^["']|["']$/g, '');
    if (/^items:\s*(?:\[\])?\s*$/.test(text)) {
      this.flushItem();
      this.docIsList = true;
      this.inItems = true;
      this.itemIndent = -1;
      this.docLines = [];
      return;
    }
    if (this.inItems) {
      const indent = text.length - text.trimStart().length;
      if (text.trim() === '' || text.trimStart().startsWith('#')) {
        this.push(n, text);
        return;
      }
      if (this.itemIndent === -1 && text.trimStart().startsWith('-')) this.itemIndent = indent;
      if (indent === this.itemIndent && /^\s*-(?:\s|$)/.test(text)) {
        this.flushItem();
        this.push(n, text);
        return;
      }
      if (this.itemIndent !== -1 && indent > this.itemIndent) {
        this.push(n, text);
        return;
      }
      if (indent === 0) {
        // `kind: List`, `metadata:` after the items: the list is over.
        this.flushItem();
        this.inItems = false;
        return;
      }
      this.push(n, text);
      return;
    }
    if (!this.docIsList) {
      if (this.docLines.length < MAX_ITEM_LINES) this.docLines.push({ n, text });
      else this.skipping = true;
    }
  }

  end(): void {
    this.endDoc();
  }

  private push(n: number, text: string): void {
    if (this.skipping) return;
    if (this.buffer.length >= MAX_ITEM_LINES) {
      this.skipping = true;
      this.buffer = [];
      return;
    }
    this.buffer.push({ n, text });
  }

  private flushItem(): void {
    if (this.skipping) {
      this.oversized++;
      this.skipping = false;
      this.buffer = [];
      return;
    }
    const lines = this.buffer;
    this.buffer = [];
    if (lines.length === 0) return;
    // `- apiVersion: v1` opens the item: replace the dash so the map reads at one indent.
    const first = lines[0]!;
    const dash = first.text.indexOf('-');
    lines[0] = { n: first.n, text: first.text.slice(0, dash) + ' ' + first.text.slice(dash + 1) };
    this.emit(lines);
  }

  private endDoc(): void {
    if (this.inItems || this.docIsList) this.flushItem();
    else if (this.skipping) this.oversized++;
    else if (this.docLines.some((l) => l.text.trim() !== '' && !l.text.trimStart().startsWith('#'))) this.emit(this.docLines);
    this.docLines = [];
    this.inItems = false;
    this.docIsList = false;
    this.skipping = false;
  }

  private emit(lines: Array<{ n: number; text: string }>): void {
    const content = lines.filter((l) => l.text.trim() !== '' && !l.text.trimStart().startsWith('#'));
    if (content.length === 0) return;
    this.items++;
    const lineOf = new Map<string, number>();
    let doc: unknown;
    try {
      doc = new BlockReader(content, lineOf).read();
    } catch {
      doc = null;
    }
    this.onItem({ doc, from: lines[0]!.n, to: lines[lines.length - 1]!.n, lineOf });
  }
}

interface Line {
  n: number;
  text: string;
}

/** A recursive block-YAML reader over a small buffered object. */
class BlockReader {
  private i = 0;
  constructor(
    private readonly lines: Line[],
    private readonly lineOf: Map<string, number>,
  ) {}

  read(): unknown {
    if (this.lines.length === 0) return null;
    return this.block(indentOf(this.lines[0]!.text), '');
  }

  private block(indent: number, pointer: string): unknown {
    const line = this.lines[this.i];
    if (!line) return null;
    return /^\s*-(?:\s|$)/.test(line.text) && indentOf(line.text) === indent ? this.sequence(indent, pointer) : this.mapping(indent, pointer);
  }

  private mapping(indent: number, pointer: string): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    while (this.i < this.lines.length) {
      const line = this.lines[this.i]!;
      const ind = indentOf(line.text);
      if (ind < indent || (ind === indent && /^\s*-(?:\s|$)/.test(line.text))) break;
      if (ind > indent) {
        this.i++; // stray continuation: skip
        continue;
      }
      const m = /^\s*("(?:[^"\\]|\\.)*"|'(?:[^']|'')*'|[^:#][^:]*?):(?:\s+(.*))?$/.exec(line.text) ?? /^\s*("(?:[^"\\]|\\.)*"|'(?:[^']|'')*'|[^\s:][^:]*?):(?:\s+(.*)|$)/.exec(line.text);
      if (!m) {
        this.i++;
        continue;
      }
      const key = unquote(m[1]!);
      const here = pointerJoin(pointer, key);
      this.lineOf.set(here, line.n);
      this.i++;
      out[key] = this.value(m[2], indent, here);
    }
    return out;
  }

  private sequence(indent: number, pointer: string): unknown[] {
    const out: unknown[] = [];
    while (this.i < this.lines.length) {
      const line = this.lines[this.i]!;
      if (indentOf(line.text) !== indent || !/^\s*-(?:\s|$)/.test(line.text)) break;
      const here = pointerJoin(pointer, out.length);
      this.lineOf.set(here, line.n);
      const rest = line.text.slice(indent + 1).replace(/^\s/, '');
      const restTrim = rest.trim();
      if (restTrim === '') {
        this.i++;
        const next = this.lines[this.i];
        out.push(next && indentOf(next.text) > indent ? this.block(indentOf(next.text), here) : null);
        continue;
      }
      if (/^("(?:[^"\\]|\\.)*"|'(?:[^']|'')*'|[^\s"'{[][^:]*?):(?:\s|$)/.test(restTrim)) {
        // `- key: value` opens a map whose keys sit two columns in.
        const after = line.text.slice(indent + 1);
        const inner = indent + 1 + (after.length - after.trimStart().length);
        this.lines[this.i] = { n: line.n, text: ' '.repeat(inner) + restTrim };
        out.push(this.mapping(inner, here));
        continue;
      }
      this.i++;
      out.push(this.scalar(restTrim, indent, here));
    }
    return out;
  }

  /** The value after `key:`: inline scalar, block scalar, or a nested block on the next lines. */
  private value(inline: string | undefined, indent: number, pointer: string): unknown {
    const text = (inline ?? '').replace(/\s+#.*$/, '').trim();
    if (text === '') {
      const next = this.lines[this.i];
      if (!next) return null;
      const ind = indentOf(next.text);
      if (ind > indent || (ind === indent && /^\s*-(?:\s|$)/.test(next.text))) return this.block(ind, pointer);
      return null;
    }
    return this.scalar(inline!.trim(), indent, pointer);
  }

  private scalar(text: string, indent: number, _pointer: string): unknown {
    if (/^[|>][-+]?\d*$/.test(text)) {
      const parts: string[] = [];
      while (this.i < this.lines.length && indentOf(this.lines[this.i]!.text) > indent) parts.push(this.lines[this.i++]!.text.trim());
      return text.startsWith('|') ? parts.join('\n') : parts.join(' ');
    }
    if (text.startsWith('"') && !/^"(?:[^"\\]|\\.)*"$/.test(text)) text = this.continueQuoted(text, '"', indent);
    else if (text.startsWith("'") && !/^'(?:[^']|'')*'$/.test(text)) text = this.continueQuoted(text, "'", indent);
    else if (!/^["'{[]/.test(text)) {
      // Plain scalars wrap onto more-indented lines.
      while (this.i < this.lines.length && indentOf(this.lines[this.i]!.text) > indent && !/^\s*-\s/.test(this.lines[this.i]!.text) && !/^\s*[^\s:]+:(?:\s|$)/.test(this.lines[this.i]!.text)) text += ' ' + this.lines[this.i++]!.text.trim();
    }
    return typed(text);
  }

  private continueQuoted(text: string, quote: string, indent: number): string {
    const closed = quote === '"' ? /^"(?:[^"\\]|\\.)*"$/ : /^'(?:[^']|'')*'$/;
    while (this.i < this.lines.length && indentOf(this.lines[this.i]!.text) > indent && !closed.test(text)) {
      const next = this.lines[this.i++]!.text.trim();
      text = text.endsWith('\\') ? text.slice(0, -1) + next.replace(/^\\/, '') : `${text} ${next}`;
    }
    return text;
  }
}

function indentOf(text: string): number {
  return text.length - text.trimStart().length;
}

function unquote(text: string): string {
  if (text.startsWith('"')) {
    try {
      return JSON.parse(text) as string;
    } catch {
      return text.slice(1, -1);
    }
  }
  if (text.startsWith("'")) return text.slice(1, -1).replace(/''/g, "'");
  return text.trim();
}

function typed(text: string): unknown {
  if (text.startsWith('"') || text.startsWith("'")) return unquote(text);
  if (text === '{}') return {};
  if (text === '[]') return [];
  if (text === 'true') return true;
  if (text === 'false') return false;
  if (text === 'null' || text === '~') return null;
  if (/^-?\d+$/.test(text) && text.length < 16) return Number(text);
  return text;
}

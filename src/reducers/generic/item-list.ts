/**
 * One item per line: `ls -1`, `find`, `grep -rn`, `git status --short`, `du`, `ls -l`. Kept as it
 * streams: the count, groups (matches per file for grep, status letters, top directories,
 * extensions), the largest entries of a size listing, and the first and last items.
 */
import type { StreamName } from '../../core/types.js';
import type { StructureParts } from './structured-run.js';
import { count, plural } from '../../core/format.js';
import { EdgeSample } from './edge-sample.js';

export type ListKind = 'grep' | 'status' | 'sizes' | 'long' | 'paths';

/** `path:12:text` or `path:12-context` (grep -n / rg -n), or `path:text` with -r and no -n. */
const GREP = /^([^\s:]{1,300}):(\d+)[:-]/;
/** `git status --short`, `svn status`: two status letters, a space, a path. */
const STATUS = /^([ MADRCUT?!]{2}) (\S.*)$/;
/** `du`, `wc -l`, `sort | uniq -c`: a size or count, whitespace, a path or word. */
const SIZES = /^\s*(\d+(?:[.,]\d+)?)([KMGTP]i?B?|[kmgt])?\s+(\S.*)$/;
/**
 * `ls -l`: mode bits, links, owner, group, size, date (`Apr 27  2026`, `Nov 23 23:44`, or ISO with
 * --time-style), name; a link's ` -> target` is not part of its name.
 */
const LONG = /^[-dlcbps][-rwxsStT]{9}[.+@]?\s+\d+\s+\S+\s+\S+\s+(\d+(?:[.,]\d+)?[KMGT]?)\s+(?:\S+\s+\d{1,2}\s+(?:\d{1,2}:\d{2}|\d{4})|\d{4}-\d{2}-\d{2}(?:\s+\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:\s+[+-]\d{4})?)?)\s(\S.*?)(?: -> .*)?$/;
/**
 * A path: no whitespace runs, at least one `/` or a file extension. Windows paths too (`C:\src\app.ts`,
 * `fullstack\backend\package.json`: `dir /s /b`, `Get-ChildItem`, `rg --files` on Windows), with `\` between segments.
 */
const PATH = /^(?:[A-Za-z]:[\\/]|\.{0,2}[\\/]|~\/|[\w@.+-]+[\\/]|[\w@+-]+\.[\w]{1,8}$)[^\t]*$/;

/**
 * A tag closing an item: `[installed,automatic]`, `(deprecated)`, `[upgradable to: 2.6.2]`. What follows
 * a colon and every number are masked, so the tag names a state, not a version.
 */
const TAG = /\s[[(]([^\])]{1,80})[\])]\s*$/;
/** Tag groups past this many are not states (a tag per item): they are not listed. */
const MAX_TAG_GROUPS = 12;

const MAX_GROUPS = 500;
const FIRST_ITEMS = 5;
const LAST_ITEMS = 5;
const LARGEST = 5;
/** Paths kept for the outline (their line, depth and length), and the room the outline aims at. */
const MAX_OUTLINE_ITEMS = 50_000;
const OUTLINE_BYTES = 6000;
/** Below this many items the rows themselves say it all. */
const MIN_OUTLINE_ITEMS = 150;
const UNITS: Record<string, number> = { '': 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3, t: 1024 ** 4, p: 1024 ** 5 };

/** Which kind of list a line belongs to, tried in order from the most specific shape. */
export function listKindOf(text: string): ListKind | null {
  if (LONG.test(text)) return 'long';
  if (STATUS.test(text) && !/^\s*\d/.test(text)) return 'status';
  if (GREP.test(text)) return 'grep';
  if (SIZES.test(text)) return 'sizes';
  if (!/\s{2,}|\t/.test(text.trim()) && PATH.test(text.trim())) return 'paths';
  return null;
}

/**
 * The directory group of a path: its first two segments (`src/reducers`), or `.` for a bare name; three from
 * the root (`/usr/lib/go`, `C:\Users\ana`). A Windows path keeps its `\`.
 */
export function directoryOf(path: string): string {
  const sep = separatorOf(path);
  const clean = path.replace(/^\.[\\/]/, '');
  const root = clean.startsWith(sep) ? sep : /^[A-Za-z]:[\\/]/.test(clean) ? clean.slice(0, 3) : '';
  const parts = clean.slice(root.length).split(sep).filter(Boolean);
  if (parts.length <= 1) return root || '.';
  const depth = root ? 3 : 2;
  return root + parts.slice(0, Math.min(depth, parts.length - 1)).join(sep);
}

/** `\` for a path written the Windows way (a backslash and no slash), else `/`. */
function separatorOf(path: string): string {
  return path.includes('\\') && !path.includes('/') ? '\\' : '/';
}

/** How deep a path is: its segments past `./` and a root. */
export function depthOf(path: string): number {
  return path.replace(/^\.[\\/]|^[A-Za-z]:/, '').split(separatorOf(path)).filter(Boolean).length;
}

export function extensionOf(path: string): string {
  const name = path.slice(path.lastIndexOf(separatorOf(path)) + 1);
  const dot = name.lastIndexOf('.');
  return dot > 0 && dot < name.length - 1 && name.length - dot <= 9 ? name.slice(dot) : '(none)';
}

function sizeOf(value: string, unit: string | undefined): number {
  return Number(value.replace(',', '.')) * (UNITS[(unit ?? '').charAt(0).toLowerCase()] ?? 1);
}

/** Counts per key, bounded: past MAX_GROUPS keys new ones go to `other`. */
class Groups {
  readonly counts = new Map<string, { count: number; first: number; last: number }>();
  other = 0;
  add(key: string, n: number): void {
    const seen = this.counts.get(key);
    if (seen) {
      seen.count++;
      seen.last = n;
    } else if (this.counts.size < MAX_GROUPS) this.counts.set(key, { count: 1, first: n, last: n });
    else this.other++;
  }
  top(max: number): Array<[string, { count: number; first: number; last: number }]> {
    return [...this.counts.entries()].sort((a, b) => b[1].count - a[1].count || a[1].first - b[1].first).slice(0, max);
  }
}

export class ItemList {
  items = 0;
  other = 0;
  readonly kinds = new Map<ListKind, number>();
  private readonly sample = new EdgeSample<{ stream: StreamName; n: number }>(FIRST_ITEMS, LAST_ITEMS);
  private readonly byFile = new Groups();
  private readonly byStatus = new Groups();
  private readonly byDir = new Groups();
  private readonly byExt = new Groups();
  private readonly byTag = new Groups();
  private readonly largest: Array<{ stream: StreamName; n: number; size: number }> = [];
  /** Each path's line, depth (segments) and length: the shallow ones outline the tree. */
  private readonly outline: Array<{ n: number; depth: number; bytes: number }> = [];
  /** The stream the items are on (the first item's). */
  private stream: StreamName | null = null;

  /** True when the line is an item. */
  line(stream: StreamName, n: number, text: string): boolean {
    if (text.trim() === '') return false;
    const kind = listKindOf(text);
    if (!kind) {
      this.other++;
      return false;
    }
    this.stream ??= stream;
    this.items++;
    this.kinds.set(kind, (this.kinds.get(kind) ?? 0) + 1);
    this.sample.push({ stream, n });
    let path: string | null = null;
    if (kind === 'grep') {
      path = GREP.exec(text)![1]!;
      this.byFile.add(path, n);
    } else if (kind === 'status') {
      const m = STATUS.exec(text)!;
      this.byStatus.add(m[1]!.trim() || m[1]!, n);
      path = m[2]!.replace(/^.* -> /, '');
    } else if (kind === 'sizes' || kind === 'long') {
      const m = kind === 'sizes' ? SIZES.exec(text)! : null;
      const l = kind === 'long' ? LONG.exec(text)! : null;
      const size = m ? sizeOf(m[1]!, m[2]) : sizeOf(l![1]!.replace(/[KMGT]$/, ''), /[KMGT]$/.exec(l![1]!)?.[0]);
      // `git ls-files -s`, `git ls-tree`: columns before the path, which follows the last tab.
      path = m ? m[3]!.slice(m[3]!.lastIndexOf('\t') + 1) : l![2]!;
      this.keepLargest(stream, n, size);
      if (kind === 'long') this.byStatus.add(text.charAt(0) === 'd' ? 'directory' : text.charAt(0) === 'l' ? 'link' : 'file', n);
    } else path = text.trim();
    const tag = TAG.exec(text)?.[1];
    if (tag !== undefined) this.byTag.add(tag.replace(/:\s.*$/, ': …').replace(/\d+(?:[.,]\d+)*/g, 'N'), n);
    // An item of several words with a tag (`name/suite,now 1.2 amd64 [installed]`) is a record, not a path.
    if (path !== null && kind !== 'grep' && !(tag !== undefined && /\s/.test(path))) {
      this.byDir.add(directoryOf(path), n);
      this.byExt.add(extensionOf(path), n);
      if (stream === this.stream && this.outline.length < MAX_OUTLINE_ITEMS) this.outline.push({ n, depth: depthOf(path), bytes: text.length + 8 });
    }
    return true;
  }

  private keepLargest(stream: StreamName, n: number, size: number): void {
    if (this.largest.length >= LARGEST && size <= this.largest[this.largest.length - 1]!.size) return;
    this.largest.push({ stream, n, size });
    this.largest.sort((a, b) => b.size - a.size || a.n - b.n);
    if (this.largest.length > LARGEST) this.largest.pop();
  }

  /**
   * A long list of paths read from the top of its tree: the paths of the fewest levels, as many levels
   * as fit the outline's room (a project's own files, `src/core/packer.ts`, among thousands of fixtures).
   * Null when the list is short or flat.
   */
  private outlineLines(): { lines: number[]; depth: number } | null {
    if (this.outline.length < MIN_OUTLINE_ITEMS) return null;
    const bytes = new Map<number, number>();
    for (const item of this.outline) bytes.set(item.depth, (bytes.get(item.depth) ?? 0) + item.bytes);
    const depths = [...bytes.keys()].sort((a, b) => a - b);
    if (depths.length < 2) return null;
    let depth = depths[0]!;
    let used = bytes.get(depth)!;
    for (const d of depths.slice(1, -1)) {
      if (used + bytes.get(d)! > OUTLINE_BYTES) break;
      used += bytes.get(d)!;
      depth = d;
    }
    return { lines: this.outline.filter((i) => i.depth <= depth).map((i) => i.n), depth };
  }

  /** The dominant kind of item. */
  get kind(): ListKind | null {
    let best: [ListKind, number] | null = null;
    for (const entry of this.kinds) if (!best || entry[1] > best[1]) best = entry;
    return best?.[0] ?? null;
  }

  finish(nextRef: () => string): StructureParts {
    const out: StructureParts = { summary: [], citations: [], fields: {}, omitted: [] };
    const kind = this.kind;
    if (!kind) return out;
    out.fields.items = this.items;
    out.fields.listKind = kind;
    const refs: string[] = [];
    const head = this.sample.head;
    const tail = this.sample.tail;
    for (const [label, part] of [['first items', head], ['last items', tail]] as const) {
      if (!part.length) continue;
      const ref = nextRef();
      refs.push(ref);
      const last = part[part.length - 1]!;
      out.citations.push({ ref, stream: part[0]!.stream, from: part[0]!.n, to: last.n, label, kind: 'list items', priority: 'high' });
    }
    const groupText: string[] = [];
    const groupCites: string[] = [];
    const addGroups = (name: string, groups: Groups, max: number, cite: boolean): void => {
      if (groups.counts.size < 1 || (groups.counts.size === 1 && name !== 'matches per file')) return;
      const top = groups.top(max);
      out.fields[name] = Object.fromEntries(top.map(([k, v]) => [k, v.count]));
      const more = groups.counts.size - top.length + (groups.other ? 1 : 0);
      groupText.push(`${name}: ${top.map(([k, v]) => `${k} ${count(v.count)}`).join(', ')}${more > 0 ? `, ${count(more)} more` : ''}`);
      if (cite) {
        for (const [key, v] of top.slice(0, 12)) {
          const ref = nextRef();
          if (groupCites.length < 4) groupCites.push(ref);
          out.citations.push({ ref, stream: this.stream ?? 'stdout', from: v.first, to: v.first, label: `first of ${count(v.count)} in ${key}`, kind: 'group', priority: 'normal' });
        }
      }
    };
    if (kind === 'grep') addGroups('matches per file', this.byFile, 20, true);
    if (kind === 'status' || kind === 'long') addGroups(kind === 'status' ? 'status' : 'types', this.byStatus, 10, kind === 'status');
    if (kind !== 'grep') {
      addGroups('directories', this.byDir, 10, false);
      addGroups('extensions', this.byExt, 10, false);
    }
    // States named by a closing tag: each state's count, and its first and last items cited, so a rare
    // state (`[installed,local]` among hundreds of `[installed,automatic]`) is seen wherever it sits.
    if (this.byTag.counts.size >= 2 && this.byTag.counts.size <= MAX_TAG_GROUPS && !this.byTag.other) {
      const top = this.byTag.top(MAX_TAG_GROUPS);
      out.fields.tags = Object.fromEntries(top.map(([k, v]) => [k, v.count]));
      groupText.push(`tags: ${top.map(([k, v]) => `[${k}] ${count(v.count)}`).join(', ')}`);
      for (const [key, v] of [...top].reverse()) {
        for (const [n, where] of v.first === v.last ? ([[v.first, 'only']] as const) : ([[v.first, 'first'], [v.last, 'last']] as const)) {
          const ref = nextRef();
          if (groupCites.length < 4) groupCites.push(ref);
          out.citations.push({ ref, stream: this.stream ?? 'stdout', from: n, to: n, label: `${where} of ${count(v.count)} [${key}]`, kind: 'group', priority: 'normal' });
        }
      }
    }
    const outline = this.outlineLines();
    if (outline) out.citations.push({ ref: nextRef(), stream: this.stream ?? 'stdout', from: outline.lines[0]!, to: outline.lines.at(-1)!, label: `the ${count(outline.lines.length)} shallowest paths (${outline.depth === 1 ? '1 level' : `up to ${outline.depth} levels`} deep)`, kind: 'outline', priority: 'normal', layout: 'index', focus: outline.lines });
    if ((kind === 'sizes' || kind === 'long') && this.largest.length) {
      for (const entry of this.largest) out.citations.push({ ref: nextRef(), stream: entry.stream, from: entry.n, to: entry.n, label: 'among the largest', kind: 'largest', priority: 'normal' });
    }
    const what = kind === 'grep' ? `${plural(this.items, 'match', 'matches')} in ${plural(this.byFile.counts.size + this.byFile.other, 'file')}` : plural(this.items, kind === 'status' ? 'changed path' : 'item');
    out.summary.push({ text: `list of ${what}${this.other ? ` (${plural(this.other, 'other line')})` : ''}`, cites: refs, fields: ['items'], priority: 'high' });
    if (groupText.length) out.summary.push({ text: groupText.join('; '), cites: groupCites, fields: Object.keys(out.fields).filter((k) => k !== 'items' && k !== 'listKind') });
    if (this.sample.dropped) out.omitted.push({ what: 'items between the first and last cited', count: this.sample.dropped });
    return out;
  }
}

/**
 * Trees drawn with branch characters: `npm ls`, `pnpm ls`, `cargo tree`, `pipdeptree`, `tree`,
 * `yarn why`. Depth 0 (the root line above the first branch) and depth 1 are cited in full; deeper
 * levels are counted per depth; every row that reports a problem (invalid, extraneous, missing,
 * UNMET, conflicting, overridden, errors) is cited on its own; `deduped` rows and optional packages
 * not installed (other platforms' binaries) are counted.
 * Sample: `├─┬ express@4.17.1` over `│ ├── accepts@1.3.8` and `└── debug@2.6.9 invalid: "^4" from …`.
 */
import type { LineCitation, StreamName } from '../../core/types.js';
import { count, plural } from '../../core/format.js';
import type { StructureParts, StructureScanner } from './structured-run.js';

/** A branch row: guides (`│ `, `|   `, spaces) then a branch mark (`├──`, `└─┬`, `+--`, `` `-- ``, `- `). */
// One character class for the indent: `(?:[│|┃ ]|\s)*?` let a space match two ways, which backtracked
// exponentially on long runs of spaces (a 70 s stall on indented JSON).
const BRANCH = /^([│|┃\s]*?)(?:[├└┣┗][─━]+[┬┳─━]?|[+`\\][-─]+|[|]--|- )\s?(\S.*)$/;
/** Rows that say something is wrong with the dependency they name: a word of its own, not part of a name (`error-ex`). */
const PROBLEM = /(?:^|\s)(?:invalid|extraneous|missing|UNMET(?: PEER)? DEPENDENCY|conflict(?:s|ing)?|overridden|ERR!|error|not installed|peer dep(?:endency)? missing)(?=[\s:,]|$)|\[required: \S+, installed: /i;
/** npm's optional packages for other platforms: counted, not a problem. */
const OPTIONAL = /(?:^|\s)UNMET OPTIONAL DEPENDENCY\s/;
const DEDUPED = /\bdeduped\b|\(\*\)$/;
/** Depth-1 rows remembered for the index; later ones are counted. */
const MAX_TOP = 2000;
const MAX_PROBLEMS = 40;

/** True when most of a head is tree rows (for detection of piped trees). */
export function treeShare(head: string): number {
  const lines = head.split('\n', 41).slice(0, 40).filter((l) => l.trim() !== '');
  if (lines.length < 3) return 0;
  return lines.filter((l) => BRANCH.test(l)).length / lines.length;
}

export class DependencyTree implements StructureScanner {
  rows = 0;
  private stream: StreamName | null = null;
  private root: number | null = null;
  private previous: { n: number; text: string } | null = null;
  private topColumn = Infinity;
  private readonly top: number[] = [];
  private topUncounted = 0;
  private readonly byColumn = new Map<number, number>();
  private readonly problems: number[] = [];
  private problemCount = 0;
  private deduped = 0;
  private optional = 0;

  line(stream: StreamName, n: number, text: string): boolean {
    const m = BRANCH.exec(text);
    if (!m || (this.stream !== null && stream !== this.stream)) {
      if (text.trim() !== '' && this.rows === 0) this.previous = { n, text };
      return false;
    }
    this.stream ??= stream;
    if (this.rows === 0 && this.previous && this.previous.n === n - 1) this.root = this.previous.n;
    this.rows++;
    const column = [...m[1]!].length;
    this.byColumn.set(column, (this.byColumn.get(column) ?? 0) + 1);
    // The shallowest branch column is depth 1; a shallower one seen later restarts the count.
    if (column < this.topColumn) {
      this.topColumn = column;
      this.top.length = 0;
      this.topUncounted = 0;
    }
    if (column === this.topColumn) {
      if (this.top.length < MAX_TOP) this.top.push(n);
      else this.topUncounted++;
    }
    if (OPTIONAL.test(' ' + m[2]!)) this.optional++;
    else if (PROBLEM.test(m[2]!)) {
      this.problemCount++;
      if (this.problems.length < MAX_PROBLEMS) this.problems.push(n);
    }
    if (DEDUPED.test(m[2]!)) this.deduped++;
    return true;
  }

  finish(nextRef: () => string): StructureParts {
    const out: StructureParts = { summary: [], citations: [], fields: {}, omitted: [] };
    if (this.rows < 2 || this.stream === null) return out;
    const stream = this.stream;
    const columns = [...this.byColumn.keys()].sort((a, b) => a - b);
    const depths: Record<string, number> = {};
    columns.forEach((c, i) => (depths[String(i + 1)] = this.byColumn.get(c)!));
    out.fields.treeRows = this.rows;
    out.fields.depths = depths;
    const cites: string[] = [];
    if (this.root !== null) {
      const ref = nextRef();
      cites.push(ref);
      out.citations.push({ ref, stream, from: this.root, to: this.root, label: 'root', kind: 'tree root', priority: 'high' });
    }
    const topRef = nextRef();
    cites.push(topRef);
    const top: LineCitation = { ref: topRef, stream, from: this.top[0]!, to: this.top.at(-1)!, label: `depth 1, ${plural(this.top.length + this.topUncounted, 'entry', 'entries')}`, kind: 'tree level', priority: 'high', layout: 'index', focus: [...this.top] };
    out.citations.push(top);
    const deeper = this.rows - this.top.length - this.topUncounted;
    const levels = Object.entries(depths).slice(1).map(([d, c]) => `depth ${d} ${count(c)}`);
    out.summary.push({ text: `tree of ${plural(this.rows, 'row')}: ${plural(this.top.length + this.topUncounted, 'top-level entry', 'top-level entries')}${deeper > 0 ? `, ${count(deeper)} deeper (${levels.join(', ')})` : ''}${this.deduped ? `, ${count(this.deduped)} deduped` : ''}${this.optional ? `, ${count(this.optional)} optional not installed` : ''}`, cites, fields: ['treeRows', 'depths'], priority: 'high' });
    if (this.deduped) out.fields.deduped = this.deduped;
    if (this.optional) out.fields.optionalNotInstalled = this.optional;
    if (this.problemCount) {
      out.fields.problemRows = this.problemCount;
      const refs = this.problems.map((n) => {
        const ref = nextRef();
        out.citations.push({ ref, stream, from: n, to: n, label: 'problem', kind: 'tree problem', priority: 'mandatory' });
        return ref;
      });
      out.summary.unshift({ text: `${plural(this.problemCount, 'row')} reporting a problem (invalid, missing, extraneous, conflicting)`, cites: refs.slice(0, 8), fields: ['problemRows'], priority: 'high' });
      if (this.problemCount > this.problems.length) out.omitted.push({ what: 'problem rows past the first cited', count: this.problemCount - this.problems.length });
    }
    if (this.topUncounted) out.omitted.push({ what: 'depth-1 entries past the index limit', count: this.topUncounted });
    return out;
  }
}

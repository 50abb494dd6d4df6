/**
 * For output whose shape is not known in advance (a tool's answer: `apt-cache show` records,
 * `pip list` tables, `pip freeze` lists): every structure scanner reads every line and the one that
 * recognised the most lines speaks; the others stay silent, so one output is never indexed twice.
 */
import type { Reducer, ReducerClaims, StreamName } from '../../core/types.js';
import { DependencyTree } from './dependency-tree.js';
import { ItemList } from './item-list.js';
import { jsonReducer } from './json.js';
import { RecordBlocks } from './record-blocks.js';
import { structuredRun, type StructureParts, type StructureScanner } from './structured-run.js';
import { TableScanner } from './table-scan.js';

/** Below this share of non-blank lines, no structure is claimed: the digest and the rows say it all. */
const MIN_SHARE = 0.3;

export class BestStructure implements StructureScanner {
  private readonly claimed: number[];
  private lines = 0;

  /** The first scanner wins a tie: a tree's rows also read as list items. */
  constructor(private readonly scanners: readonly StructureScanner[] = [new DependencyTree(), new TableScanner(), new RecordBlocks(), new ItemList()]) {
    this.claimed = scanners.map(() => 0);
  }

  line(stream: StreamName, n: number, text: string): boolean {
    if (text.trim() !== '') this.lines++;
    let any = false;
    this.scanners.forEach((scanner, i) => {
      if (scanner.line(stream, n, text) === true) {
        this.claimed[i]!++;
        any = true;
      }
    });
    return any;
  }

  finish(nextRef: () => string): StructureParts {
    let best = -1;
    this.claimed.forEach((c, i) => {
      if (c > 0 && (best < 0 || c > this.claimed[best]!) && this.scanners[i]!.fits?.() !== false) best = i;
    });
    if (best < 0 || this.claimed[best]! < this.lines * MIN_SHARE) return { summary: [], citations: [], fields: {}, omitted: [] };
    return this.scanners[best]!.finish(nextRef);
  }
}

/** What a family's answer reducer is: its claims (name, family, the commands it claims, its content test) and its version. */
export interface FamilyAnswerSpec extends ReducerClaims {
  version: string;
}

/**
 * A family's read commands (`apt-cache show`, `pip list`, `docker version`) read with the generic
 * structure scanners: the packet names the family of the tool that printed the output, and the
 * best-fitting structure (table, records, list) indexes it.
 */
export function familyAnswerReducer(spec: FamilyAnswerSpec): Reducer {
  return {
    ...spec,
    // A JSON answer (`--json`, `--format=json`) is read as a document, like any other.
    start: (ctx) => (ctx.contentType?.startsWith('json') ? jsonReducer.start(ctx) : structuredRun(ctx, [new BestStructure()])),
    wantsJson: true,
  };
}

/**
 * `git status` (long form) and `git status --short/--porcelain`: branch and tracking, counts by
 * state per section (staged, unstaged, unmerged, untracked), every unusual entry (new, deleted,
 * renamed, conflicted, untracked) cited, plain modifications sampled. Sample: `\tmodified:   src/a.ts`.
 * Docs: https://git-scm.com/docs/git-status
 */
import type { Bullet, CitationDraft, FieldValue, Priority, Reducer, Status } from '../../core/types.js';
import { count } from '../../core/format.js';
import { directoryOf } from '../generic/item-list.js';
import { LogDigest } from '../generic/log-digest.js';
import { edgeRows } from '../generic/structured-run.js';
import { withStderrErrors } from '../generic/merge-parts.js';
import { gitStatusClaims } from './git-status.claims.js';

type Section = 'staged' | 'unstaged' | 'unmerged' | 'untracked' | 'ignored';
const SECTIONS: Record<string, Section> = {
  'Changes to be committed:': 'staged',
  'Changes not staged for commit:': 'unstaged',
  'Unmerged paths:': 'unmerged',
  'Untracked files:': 'untracked',
  'Ignored files:': 'ignored',
};
const ENTRY = /^\t(new file|modified|deleted|renamed|copied|typechange|both modified|both added|both deleted|added by us|added by them|deleted by us|deleted by them|unmerged):\s+(.+?)(?: \((?:new commits|modified content|untracked content)[^)]*\))?$/;
const PORCELAIN = /^([ MTADRCU?!])([ MTADRCU?!]) (.+)$/;
const NOTABLE_CITED_LINES = 60;
const MODIFIED_SAMPLE = 3;
/** Untracked directories named with their counts in the summary. */
const UNTRACKED_DIRS_NAMED = 8;
/** A directory holding at most this many untracked paths has each of them cited: a stray file among build output. */
const RARE_DIR = 2;
const RARE_CITED = 24;

export const gitStatusReducer: Reducer = {
  ...gitStatusClaims,
  version: '1.2.0',
  start(ctx) {
    const digest = new LogDigest({ extraPatterns: ctx.errorPatterns });
    const parser = new StatusParser();
    return {
      line(stream, n, text) {
        digest.line(stream, n, text);
        if (stream === 'stdout') parser.line(n, text);
      },
      finish(exit) {
        if (!parser.recognised()) return digest.finish(exit);
        const parts = parser.finish(digest);
        if (exit.code !== null && exit.code !== 0) parts.status = 'fail';
        // Read as an answer, the rows no excerpt shows fill what room is left, from both ends.
        const edges = ctx.intent === 'answer' ? edgeRows(digest.lines, () => digest.nextRef()) : null;
        if (edges) parts.citations.push(edges);
        return withStderrErrors(parts, digest, exit);
      },
    };
  },
};

class StatusParser {
  private section: Section | null = null;
  private readonly counts: Record<Section, Map<string, number>> = { staged: new Map(), unstaged: new Map(), unmerged: new Map(), untracked: new Map(), ignored: new Map() };
  /** Runs of lines with unusual entries, as [from, to, section]. */
  private readonly runs: Array<[number, number, Section]> = [];
  private notableLines = 0;
  private notableDropped = 0;
  private readonly samples: Array<[number, Section]> = [];
  private readonly sampled = new Map<Section, number>();
  private readonly conflicts: string[] = [];
  private readonly branchLines: number[] = [];
  /** Untracked paths by directory: their count and the first lines. */
  private readonly untrackedDirs = new Map<string, { count: number; lines: number[] }>();
  private readonly stateLines: number[] = [];
  branch: string | null = null;
  tracking: string | null = null;
  clean = false;
  private porcelain = 0;

  line(n: number, text: string): void {
    const header = SECTIONS[text];
    if (header) {
      this.section = header;
      return;
    }
    const branch = /^(?:On branch (\S+)|HEAD detached (?:at|from) (\S+))$/.exec(text) ?? /^## (\S+?)(?:\.\.\.(\S+))?(?: \[.*\])?$/.exec(text);
    if (branch && this.branchLines.length < 3) {
      this.branch = branch[1] ?? branch[2] ?? null;
      this.branchLines.push(n);
      if (text.startsWith('## ')) this.tracking = text.slice(3);
      return;
    }
    if (/^Your branch (?:is|and)/.test(text)) {
      this.tracking = text;
      this.branchLines.push(n);
      return;
    }
    if (/^(?:nothing to commit|nothing added to commit|no changes added to commit)/.test(text)) {
      this.clean = text.startsWith('nothing to commit');
      this.stateLines.push(n);
      return;
    }
    if (/^(?:You have unmerged paths|You are currently (?:rebasing|cherry-picking|reverting|bisecting|editing)|All conflicts fixed|interactive rebase in progress|rebase in progress|You are in the middle of)/.test(text)) {
      if (this.stateLines.length < 6) this.stateLines.push(n);
      return;
    }
    if (this.section) {
      const entry = ENTRY.exec(text);
      if (entry) return this.entry(n, this.section, entry[1]!, entry[2]!);
      if (this.section === 'untracked' || this.section === 'ignored') {
        if (/^\t\S/.test(text)) return this.entry(n, this.section, this.section, text.slice(1));
      }
      if (text === '') this.section = null;
      return;
    }
    const short = PORCELAIN.exec(text);
    if (short) {
      this.porcelain++;
      const [, x, y, path] = short;
      if (x === '?' && y === '?') return this.entry(n, 'untracked', 'untracked', path!);
      if (x === '!' && y === '!') return this.entry(n, 'ignored', 'ignored', path!);
      if (x === 'U' || y === 'U' || (x === 'A' && y === 'A') || (x === 'D' && y === 'D')) return this.entry(n, 'unmerged', `${x}${y}`, path!);
      if (x !== ' ') this.entry(n, 'staged', LETTERS[x!] ?? x!, path!);
      if (y !== ' ') this.entry(n, 'unstaged', LETTERS[y!] ?? y!, path!, x !== ' ');
    }
  }

  private entry(n: number, section: Section, state: string, path: string, sameLine = false): void {
    const counts = this.counts[section];
    counts.set(state, (counts.get(state) ?? 0) + 1);
    if (section === 'unmerged' && this.conflicts.length < 50) this.conflicts.push(path);
    if (sameLine) return;
    if (section === 'untracked') {
      const dir = directoryOf(path.replace(/\/$/, '/x'));
      let group = this.untrackedDirs.get(dir);
      if (!group && this.untrackedDirs.size < 2000) this.untrackedDirs.set(dir, (group = { count: 0, lines: [] }));
      if (group) {
        group.count++;
        if (group.lines.length < RARE_DIR) group.lines.push(n);
      }
    }
    const notable = state !== 'modified' && section !== 'ignored';
    if (notable) {
      if (this.notableLines >= NOTABLE_CITED_LINES) {
        this.notableDropped++;
        return;
      }
      this.notableLines++;
      const last = this.runs[this.runs.length - 1];
      if (last && last[1] === n - 1 && last[2] === section) last[1] = n;
      else this.runs.push([n, n, section]);
    } else if (state === 'modified' && (this.sampled.get(section) ?? 0) < MODIFIED_SAMPLE) {
      this.sampled.set(section, (this.sampled.get(section) ?? 0) + 1);
      this.samples.push([n, section]);
    }
  }

  recognised(): boolean {
    return this.branch !== null || this.stateLines.length > 0 || Object.values(this.counts).some((m) => m.size > 0);
  }

  finish(refs: { nextRef(): string }) {
    const summary: Bullet[] = [];
    const citations: CitationDraft[] = [];
    const fields: Record<string, FieldValue> = {};
    if (this.branch) fields.branch = this.branch;
    if (this.tracking) fields.tracking = this.tracking;
    const headRefs: string[] = [];
    if (this.branchLines.length) {
      const ref = refs.nextRef();
      headRefs.push(ref);
      citations.push({ ref, stream: 'stdout', from: this.branchLines[0]!, to: this.branchLines[this.branchLines.length - 1]!, label: 'branch', priority: 'mandatory' });
    }
    if (this.branch || this.tracking) summary.push({ text: [this.branch ? `on ${this.branch}` : '', this.tracking ?? ''].filter(Boolean).join('; '), cites: headRefs, fields: this.branch ? ['branch'] : ['tracking'] });
    const totals: string[] = [];
    for (const section of ['unmerged', 'staged', 'unstaged', 'untracked', 'ignored'] as const) {
      const counts = this.counts[section];
      if (counts.size === 0) continue;
      const total = [...counts.values()].reduce((a, b) => a + b, 0);
      fields[section] = section === 'untracked' || section === 'ignored' ? total : { total, ...Object.fromEntries([...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))) };
      const detail = section === 'untracked' || section === 'ignored' ? '' : ` (${[...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([s, c]) => `${s} ${count(c)}`).join(', ')})`;
      totals.push(`${section} ${count(total)}${detail}`);
    }
    if (this.conflicts.length) fields.conflicts = this.conflicts;
    if (totals.length) summary.push({ text: totals.join('; '), fields: Object.keys(fields).filter((k) => ['unmerged', 'staged', 'unstaged', 'untracked', 'ignored'].includes(k)) });
    else if (this.clean) {
      fields.clean = true;
      summary.push({ text: 'working tree clean', fields: ['clean'] });
    }
    for (const [from, to, section] of this.runs) {
      const priority: Priority = section === 'unmerged' || citations.length < 12 ? 'mandatory' : 'high';
      citations.push({ ref: refs.nextRef(), stream: 'stdout', from, to, label: section, kind: `${section} entries`, priority });
    }
    // Many untracked paths: counted by directory, and the few that sit apart cited one by one.
    if (this.untrackedDirs.size > 1 && (this.counts.untracked.get('untracked') ?? 0) > NOTABLE_CITED_LINES / 2) {
      const dirs = [...this.untrackedDirs].sort((a, b) => b[1].count - a[1].count || a[0].localeCompare(b[0]));
      fields.untrackedByDirectory = Object.fromEntries(dirs.slice(0, UNTRACKED_DIRS_NAMED).map(([d, g]) => [d, g.count]));
      const rare = dirs.filter(([, g]) => g.count <= RARE_DIR).flatMap(([, g]) => g.lines).sort((a, b) => a - b).slice(0, RARE_CITED);
      const rareRefs = rare.map((n) => {
        const ref = refs.nextRef();
        citations.push({ ref, stream: 'stdout', from: n, to: n, label: 'untracked, apart from the rest', kind: 'untracked entries', priority: 'high' });
        return ref;
      });
      summary.push({ text: `untracked by directory: ${dirs.slice(0, UNTRACKED_DIRS_NAMED).map(([d, g]) => `${d === '.' ? './' : d + '/'} ${count(g.count)}`).join(', ')}${dirs.length > UNTRACKED_DIRS_NAMED ? ', …' : ''}`, fields: ['untrackedByDirectory'], cites: rareRefs.slice(0, 6) });
    }
    for (const [n, section] of this.samples) citations.push({ ref: refs.nextRef(), stream: 'stdout', from: n, to: n, label: `${section}: modified (sample)`, kind: 'modified samples', priority: 'low' });
    for (const n of this.stateLines.slice(0, 3)) citations.push({ ref: refs.nextRef(), stream: 'stdout', from: n, to: n, label: 'state', priority: 'high' });
    const omitted = [];
    const modified = (['staged', 'unstaged'] as const).reduce((a, s) => a + (this.counts[s].get('modified') ?? 0), 0) - this.samples.length;
    if (modified > 0) omitted.push({ what: 'modified paths (counted)', count: modified });
    if (this.notableDropped) omitted.push({ what: 'new/deleted/renamed/untracked paths past the first ' + NOTABLE_CITED_LINES, count: this.notableDropped });
    const unmerged = this.counts.unmerged.size > 0;
    return { status: (unmerged ? 'warn' : 'ok') as Status, summary, fields, citations, omitted, confidence: 0.9 };
  }
}

const LETTERS: Record<string, string> = { M: 'modified', T: 'typechange', A: 'new file', D: 'deleted', R: 'renamed', C: 'copied' };


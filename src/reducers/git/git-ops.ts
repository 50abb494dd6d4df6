/**
 * The other git commands: merge, pull, rebase, cherry-pick, push, fetch, clone, checkout, commit, ...
 * Conflicts (`CONFLICT (content): Merge conflict in src/a.rs`), push rejections
 * (` ! [rejected]        main -> main (fetch first)`), `fatal:` / `error:` lines with their hints, and on
 * success the ref updates and the `N files changed` line. Docs: https://git-scm.com/docs/git-merge
 */
import type { Bullet, CitationDraft, FieldValue, Priority, Reducer, Status } from '../../core/types.js';
import { clip, plural } from '../../core/format.js';
import { LogDigest } from '../generic/log-digest.js';
import { edgeRows } from '../generic/structured-run.js';
import type { StreamName } from '../../core/types.js';
import { gitOpsClaims } from './git-ops.claims.js';

const CONFLICT = /^CONFLICT \(([^)]+)\): (.*)$/;
const REJECTED = /^\s*!\s+\[(?:rejected|remote rejected)\]\s+(.*)$/;
const FAILURE = /^(?:fatal|error): |^Automatic merge failed|^Aborting$|^Merge with strategy .* failed|^Could not apply |^hint: Resolve all conflicts|^CONFLICT /;
const OUTCOME = /^(?:Already up to date\.?|Fast-forward|Updating [0-9a-f]+\.\.[0-9a-f]+|Merge made by|Successfully rebased|Switched to (?:a new )?branch|Your branch is|HEAD is now at|\[[^\]]+ [0-9a-f]{7,}\] |Current branch .* is up to date|Everything up-to-date|Cloning into|Created autostash|Applied autostash|Deleted branch|Submodule path '[^']+': checked out )/;
const REF_UPDATE = /^\s+([0-9a-f]+\.\.\.?[0-9a-f]+|\* \[new (?:branch|tag|ref\w*)\]|\+ [0-9a-f]+\.\.\.[0-9a-f]+|- \[deleted\]|=\s+\[up to date\])\s+\S+(?:\s+->\s+\S+|$)/;
/** Ranges of ref updates up to this many lines rank with the outcome on success; longer ones fill the room left. */
const FEW_REF_LINES = 5;

/** The kind of a ref update from its flag and summary: `fast-forward`, `forced`, `deleted`, `new tag`, `up to date`. */
function refKind(flag: string): string {
  if (flag.startsWith('=')) return 'up to date';
  if (flag.startsWith('-')) return 'deleted';
  if (flag.startsWith('+')) return 'forced';
  const created = /\[new (\w+)\]/.exec(flag);
  return created ? `new ${created[1]}` : 'fast-forward';
}
const STAT = /^ \d+ files? changed/;
/** Characters of an outcome line quoted in the bullet (the line itself is cited): a long path must not take the excerpts' room. */
const OUTCOME_CHARS = 90;
/** Room a ref update line asks for on success, with its share of the citation header. */
const REF_LINE_BYTES = 72;
const CITED = 24;

interface Hit {
  stream: StreamName;
  from: number;
  to: number;
  kind: 'conflict' | 'rejected' | 'failure' | 'outcome' | 'ref update' | 'stat' | 'path list';
}

export const gitOpsReducer: Reducer = {
  ...gitOpsClaims,
  version: '1.0.2',
  start(ctx) {
    const digest = new LogDigest({ extraPatterns: ctx.errorPatterns });
    const hits: Hit[] = [];
    const conflicts: string[] = [];
    const rejected: string[] = [];
    const failures: string[] = [];
    const last: Record<StreamName, Hit | null> = { stdout: null, stderr: null };
    let dropped = 0;
    let hints = 0;
    let inPathList: Record<StreamName, boolean> = { stdout: false, stderr: false };
    let stat: string | null = null;
    const outcomeTexts: string[] = [];
    /** Ref updates by kind, in order of first appearance; the kind of the last one read. */
    const refKinds = new Map<string, number>();
    let lastRefKind = '';
    const add = (stream: StreamName, n: number, kind: Hit['kind']): void => {
      const previous = last[stream];
      if (previous && previous.kind === kind && previous.to === n - 1) {
        previous.to = n;
        return;
      }
      if (hits.length >= CITED) {
        dropped++;
        return;
      }
      const hit = { stream, from: n, to: n, kind };
      hits.push(hit);
      last[stream] = hit;
    };
    return {
      line(stream, n, text) {
        digest.line(stream, n, text);
        const conflict = CONFLICT.exec(text);
        if (conflict) {
          const path = /Merge conflict in (.+)$/.exec(conflict[2]!)?.[1] ?? conflict[2]!;
          if (conflicts.length < 100) conflicts.push(path);
          return add(stream, n, 'conflict');
        }
        const reject = REJECTED.exec(text);
        if (reject) {
          if (rejected.length < 20) rejected.push(reject[1]!.trim().replace(/\s+/g, ' '));
          return add(stream, n, 'rejected');
        }
        if (inPathList[stream]) {
          // `error: Your local changes ... would be overwritten` is followed by tab-indented paths.
          if (/^\t\S/.test(text)) return add(stream, n, 'path list');
          inPathList[stream] = false;
        }
        if (FAILURE.test(text)) {
          if (failures.length < 20) failures.push(text);
          if (/:$/.test(text)) inPathList[stream] = true;
          return add(stream, n, 'failure');
        }
        if (text.startsWith('hint: ')) {
          hints++;
          if (hints <= 2) add(stream, n, 'failure');
          return;
        }
        if (OUTCOME.test(text)) {
          if (outcomeTexts.length < 2) outcomeTexts.push(clip(text.trim(), OUTCOME_CHARS));
          return add(stream, n, 'outcome');
        }
        const update = REF_UPDATE.exec(text);
        if (update) {
          // A ref already up to date changed nothing: counted, not cited, so the refs that did change get the room.
          const kind = refKind(update[1]!);
          refKinds.set(kind, (refKinds.get(kind) ?? 0) + 1);
          if (kind === 'up to date') return;
          // Each kind of change is a range of its own (`- [deleted]` lines apart from `* [new branch]` ones).
          if (last[stream]?.kind === 'ref update' && last[stream]!.to === n - 1 && lastRefKind !== kind) last[stream] = null;
          lastRefKind = kind;
          return add(stream, n, 'ref update');
        }
        if (STAT.test(text)) {
          stat = text.trim();
          return add(stream, n, 'stat');
        }
      },
      finish(exit) {
        if (hits.length === 0) {
          const parts = digest.finish(exit);
          // A command run for its answer that has nothing of a merge or a push in it (`git verify-pack -v`,
          // `git whatchanged`): its rows at both ends and around the middle fill the answer budget, as the
          // read commands' rows do (git-query), instead of a few template lines and the last ten.
          const rows = ctx.intent === 'answer' ? edgeRows(digest.lines, () => digest.nextRef(), digest.repeatRuns) : null;
          if (rows) parts.citations.push(rows);
          return parts;
        }
        const summary: Bullet[] = [];
        const citations: CitationDraft[] = [];
        const fields: Record<string, FieldValue> = {};
        const refsOf = (kind: Hit['kind']): string[] => citations.filter((c) => c.kind === kind).map((c) => c.ref);
        for (const hit of hits) {
          const important = hit.kind === 'conflict' || hit.kind === 'rejected' || hit.kind === 'failure' || hit.kind === 'path list';
          const manyRefs = hit.kind === 'ref update' && hit.to - hit.from + 1 > FEW_REF_LINES;
          const priority: Priority = important ? 'mandatory' : manyRefs ? 'normal' : 'high';
          citations.push({ ref: digest.nextRef(), stream: hit.stream, from: hit.from, to: hit.to, label: hit.kind, kind: hit.kind, priority });
        }
        if (conflicts.length) {
          fields.conflicts = conflicts;
          summary.push({ text: `${plural(conflicts.length, 'conflict')}: ${conflicts.slice(0, 8).join(', ')}${conflicts.length > 8 ? ', …' : ''}`, cites: refsOf('conflict').slice(0, 3), fields: ['conflicts'], priority: 'mandatory' });
        }
        if (rejected.length) {
          fields.rejected = rejected;
          summary.push({ text: `push rejected: ${rejected.slice(0, 4).join('; ')}`, cites: refsOf('rejected').slice(0, 2), fields: ['rejected'], priority: 'mandatory' });
        }
        if (failures.length) {
          fields.errors = failures.slice(0, 6);
          summary.push({ text: `${plural(failures.length, 'error line')}${hints ? `, ${plural(hints, 'hint')}` : ''}`, cites: refsOf('failure').slice(0, 3), fields: ['errors'] });
        }
        if (stat) {
          fields.stat = stat;
          summary.push({ text: stat, cites: refsOf('stat'), fields: ['stat'] });
        }
        const outcomes = refsOf('outcome');
        if (!conflicts.length && !rejected.length && !failures.length && outcomes.length) summary.push({ text: outcomeTexts.join('; ').length <= OUTCOME_CHARS + 30 ? outcomeTexts.join('; ') : outcomeTexts[0]!, cites: outcomes.slice(0, 2) });
        const updates = refsOf('ref update');
        const kinds = [...refKinds].map(([kind, n]) => `${n} ${kind}`).join(', ');
        if (updates.length) summary.push({ text: `ref updates: ${kinds}`, cites: updates.slice(0, 4) });
        const omitted = dropped ? [{ what: 'matched lines past the first ' + CITED, count: dropped }] : [];
        if (hints > 2) omitted.push({ what: 'hint lines', count: hints - 2 });
        const failed = (exit.code !== null && exit.code !== 0) || conflicts.length > 0 || rejected.length > 0 || failures.length > 0;
        const status: Status = failed ? 'fail' : 'ok';
        // On success, what else the run warned of (a hook's or an `--exec` check's warning) is shown as every verdict shows it.
        let warningBytes = 0;
        if (!failed) {
          // The refs a push changed are its outcome: the few-line ranges ask for their room, as warnings do.
          for (const c of citations) if (c.kind === 'ref update' && c.priority === 'high' && 'from' in c) warningBytes += (c.to - c.from + 1) * REF_LINE_BYTES + 24;
          const digestParts = digest.finish(exit, { skipHead: true, skipTail: true });
          const warnings = digestParts.citations.filter((c) => c.kind === 'warning');
          const refs = new Set(warnings.map((c) => c.ref));
          citations.push(...warnings);
          summary.push(...digestParts.summary.filter((b) => b.cites?.length && b.cites.every((r) => refs.has(r))));
          warningBytes += digestParts.warningBytes ?? 0;
        }
        return { status, summary, fields, citations, omitted, confidence: 0.85, ...(warningBytes ? { warningBytes } : {}) };
      },
    };
  },
};


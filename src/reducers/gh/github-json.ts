import type { Bullet, CitationDraft, FieldValue, JsonStyle, Omission, PacketParts, Priority } from '../../core/types.js';
import { count, plural } from '../../core/format.js';
import { isPlainObject, PartialObject, pointerJoin, renderJson } from '../generic/json-render.js';

/**
 * GitHub's JSON, as `gh api` (REST and GraphQL) and `gh <noun> view|list --json` print it: check
 * and workflow runs (failing ones first, by name, conclusion and link), issue and pull-request lists
 * (count, sampled rows), comments and reviews (who said what, clipped), a pull request's state,
 * mergeability, review decision and status-check rollup. Returns null for shapes it does not know.
 */

type Obj = Record<string, unknown>;

const FAILING = /^(?:failure|failed|fail|error|errored|timed_out|cancelled|canceled|cancel|action_required|startup_failure)$/i;
const PENDING = /^(?:pending|queued|in_progress|waiting|requested|expected)$/i;
/** Keys that identify a check or run, shown in this order when present. */
const CHECK_KEYS = ['id', 'databaseId', 'name', 'context', 'workflowName', 'workflow', 'head_branch', 'headBranch', 'event', 'status', 'state', 'conclusion', 'bucket', 'html_url', 'detailsUrl', 'targetUrl', 'link', 'display_title', 'displayTitle', 'description'];
const ROW_KEYS = ['number', 'title', 'state', 'isDraft', 'draft', 'user', 'author', 'headRefName'];
const COMMENT_KEYS = ['tag_name', 'name', 'path', 'line', 'author', 'user', 'authorAssociation', 'author_association', 'state', 'body'];
const PR_KEYS = ['number', 'title', 'state', 'isDraft', 'draft', 'mergeable', 'mergeStateStatus', 'mergeable_state', 'reviewDecision', 'merged', 'author', 'user', 'headRefName', 'baseRefName', 'url', 'html_url', 'additions', 'deletions', 'changedFiles'];
const ROWS_HEAD = 5;
const ROWS_TAIL = 3;
const FAILING_CITED = 12;
const COMMENTS_SHOWN = 6;

export interface Refs {
  nextRef(): string;
}

interface Found {
  kind: 'checks' | 'rows' | 'comments' | 'commits';
  pointer: string;
  items: Obj[];
}

export function outcomeOf(item: Obj): string | null {
  for (const key of ['conclusion', 'state', 'bucket', 'status']) {
    const value = item[key];
    if (typeof value === 'string' && value !== '') return value;
  }
  return null;
}

export function isFailing(outcome: string | null): boolean {
  return outcome !== null && FAILING.test(outcome);
}

function isPending(outcome: string | null): boolean {
  return outcome !== null && PENDING.test(outcome);
}

function checkName(item: Obj): string {
  const name = String(item.name ?? item.context ?? item.workflowName ?? item.display_title ?? item.displayTitle ?? item.id ?? '?');
  // Workflow runs share their workflow's name: the run number and branch tell them apart.
  const run = item.run_number ?? item.number;
  const branch = item.head_branch ?? item.headBranch;
  if ('workflow_id' in item || 'workflowDatabaseId' in item || 'run_number' in item) return `${name} #${String(run ?? item.id ?? item.databaseId ?? '?')}${typeof branch === 'string' ? ` (${branch})` : ''}`;
  return name;
}

function checkLink(item: Obj): string | null {
  const link = item.html_url ?? item.detailsUrl ?? item.targetUrl ?? item.details_url ?? item.link ?? item.url;
  return typeof link === 'string' ? link : null;
}

function login(value: unknown): string | null {
  return isPlainObject(value) && typeof value.login === 'string' ? value.login : null;
}

function looksLikeCheck(item: Obj): boolean {
  if (item.__typename === 'CheckRun' || item.__typename === 'StatusContext') return true;
  if ('conclusion' in item && ('name' in item || 'workflowName' in item || 'context' in item)) return true;
  return 'bucket' in item && 'name' in item;
}

function looksLikeRow(item: Obj): boolean {
  return 'number' in item && 'title' in item;
}

function looksLikeCommit(item: Obj): boolean {
  return typeof item.sha === 'string' && isPlainObject(item.commit);
}

function looksLikeComment(item: Obj): boolean {
  return 'body' in item && ('author' in item || 'user' in item) && !('title' in item);
}

/** Arrays of checks, rows or comments anywhere in the first levels of the document. */
function findArrays(doc: unknown): Found[] {
  const found: Found[] = [];
  const visit = (value: unknown, pointer: string, depth: number): void => {
    if (depth > 10 || found.length > 12) return;
    if (Array.isArray(value)) {
      const objects = value.filter(isPlainObject);
      if (objects.length > 0 && objects.length >= value.length / 2) {
        const sample = objects.slice(0, 20);
        const share = (test: (o: Obj) => boolean): number => sample.filter(test).length / sample.length;
        if (share(looksLikeCheck) >= 0.5) found.push({ kind: 'checks', pointer, items: value as Obj[] });
        else if (share(looksLikeRow) >= 0.5) found.push({ kind: 'rows', pointer, items: value as Obj[] });
        else if (share(looksLikeComment) >= 0.5) found.push({ kind: 'comments', pointer, items: value as Obj[] });
        else if (share(looksLikeCommit) >= 0.5) found.push({ kind: 'commits', pointer, items: value as Obj[] });
        else value.slice(0, 3).forEach((item, i) => visit(item, pointerJoin(pointer, i), depth + 1));
      }
      return;
    }
    if (isPlainObject(value)) {
      // A pull request's checks sit inside commits{nodes{commit{statusCheckRollup{contexts{nodes}}}}} in GraphQL.
      for (const [key, child] of Object.entries(value)) {
        if (key === 'body' || key === 'files' || key === 'commits' && Array.isArray(child) && !isPlainObject(child[0])) continue;
        visit(child, pointerJoin(pointer, key), depth + 1);
      }
    }
  };
  visit(doc, '', 0);
  return found;
}

/** A copy of the object with only the named keys, in the object's own order; nested authors shrink to their login. */
function pick(item: Obj, keys: readonly string[], maxBody = 160): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(item)) {
    if (!keys.includes(key)) continue;
    const value = item[key];
    if (value === null || value === undefined || value === '') continue;
    if (isPlainObject(value)) {
      const name = login(value);
      if (name !== null) out[key] = new PartialObject({ login: name }, 0);
      else if (key === 'output') continue;
      else out[key] = value;
    } else if (typeof value === 'string' && key === 'body') out[key] = clipBody(value, maxBody);
    else out[key] = value;
  }
  return out;
}

function clipBody(text: string, max: number): string {
  const flat = text.replace(/\r/g, '');
  return flat.length > max ? `${flat.slice(0, max)}…[+${count(flat.length - max)} chars]` : flat;
}

function commitView(item: Obj): Record<string, unknown> {
  const commit = isPlainObject(item.commit) ? item.commit : {};
  const author = isPlainObject(commit.author) ? commit.author : {};
  const subject = typeof commit.message === 'string' ? commit.message.split('\n')[0]! : '';
  return { sha: item.sha, commit: new PartialObject({ message: subject, author: new PartialObject({ name: author.name, date: author.date }, 0) }, 0), ...(login(item.author) ? { author: new PartialObject({ login: login(item.author) }, 0) } : {}) };
}

function checkView(item: Obj): Record<string, unknown> {
  const view = pick(item, CHECK_KEYS);
  // Check runs carry their failure text in output.title / output.summary.
  const output = item.output;
  if (isPlainObject(output)) {
    const text = [output.title, output.summary].filter((v) => typeof v === 'string' && v !== '');
    if (text.length) view.output = new PartialObject({ ...(output.title ? { title: output.title } : {}), ...(output.summary ? { summary: clipBody(String(output.summary), 200) } : {}) }, 0);
  }
  const steps = Array.isArray(item.steps) ? (item.steps as unknown[]).filter(isPlainObject) : [];
  const failedSteps = steps.filter((s) => isFailing(outcomeOf(s))).map((s) => String(s.name ?? s.number ?? '?'));
  if (failedSteps.length) view.failedSteps = failedSteps;
  return view;
}

/**
 * The packet parts for a GitHub JSON document, or null when no GitHub shape is recognised
 * (the caller then uses the generic JSON digest).
 */
export function distillGitHub(doc: unknown, style: JsonStyle, refs: Refs, failedExit: boolean): PacketParts | null {
  const summary: Bullet[] = [];
  const citations: CitationDraft[] = [];
  const omitted: Omission[] = [];
  const fields: Record<string, FieldValue> = {};
  let failing = 0;
  let warn = false;
  let recognised = false;
  const render = (value: unknown, limit = 420, maxString = 120): string => renderJson(value, { style, limit, maxString });

  // An API error body: {"message":"Not Found","documentation_url":...}.
  if (isPlainObject(doc) && typeof doc.message === 'string' && ('documentation_url' in doc || 'errors' in doc) && Object.keys(doc).length <= 5) {
    const ref = refs.nextRef();
    citations.push({ ref, stream: 'stdout', pointer: '', label: 'API error', priority: 'mandatory', excerpt: [render(doc, 600, 300)] });
    fields.apiError = doc.message;
    if (doc.status !== undefined) fields.httpStatus = String(doc.status);
    summary.push({ text: `GitHub API error: ${doc.message}`, cites: [ref], fields: ['apiError'] });
    return { status: 'fail', summary, fields, citations, omitted, confidence: 0.9 };
  }
  // GraphQL errors next to (or instead of) data.
  if (isPlainObject(doc) && Array.isArray(doc.errors) && doc.errors.length > 0) {
    const ref = refs.nextRef();
    citations.push({ ref, stream: 'stdout', pointer: '/errors', label: 'GraphQL errors', priority: 'mandatory', excerpt: (doc.errors as unknown[]).slice(0, 5).map((e) => render(e, 400, 240)) });
    fields.graphqlErrors = doc.errors.length;
    summary.push({ text: `${plural(doc.errors.length, 'GraphQL error')}`, cites: [ref], fields: ['graphqlErrors'] });
    failing += doc.errors.length;
    recognised = true;
  }

  // The root: counts like total_count and a single pull request or issue's own state.
  const root = isPlainObject(doc) && isPlainObject(doc.data) ? null : doc;
  if (isPlainObject(root)) {
    const isEntity = PR_KEYS.filter((k) => k in root).length >= 2 || 'statusCheckRollup' in root || 'reviewDecision' in root || ('title' in root && ('body' in root || 'comments' in root));
    const scalars: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(root)) {
      if (key === 'total_count' || key === 'totalCount' || (isEntity && PR_KEYS.includes(key))) scalars[key] = isPlainObject(value) && login(value) ? new PartialObject({ login: login(value) }, 0) : value;
    }
    if (Object.keys(scalars).length) {
      const others = Object.keys(root).filter((k) => !(k in scalars));
      const ref = refs.nextRef();
      const shown = scalars;
      citations.push({ ref, stream: 'stdout', pointer: '', label: isEntity ? 'state' : 'counts', priority: 'mandatory', excerpt: [render(shown, 600, 200) + (others.length ? ` (other keys: ${others.slice(0, 10).join(', ')}${others.length > 10 ? ', …' : ''})` : '')] });
      for (const key of ['number', 'title', 'state', 'isDraft', 'mergeable', 'mergeStateStatus', 'reviewDecision', 'url', 'total_count', 'totalCount']) {
        const value = root[key];
        if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') fields[key] = value;
      }
      const author = login(root.author) ?? login(root.user);
      if (author) fields.author = author;
      const bits = [root.number !== undefined ? `#${String(root.number)}` : '', typeof root.title === 'string' ? JSON.stringify(root.title) : '', typeof root.state === 'string' ? root.state : '', typeof root.mergeable === 'string' ? `mergeable ${root.mergeable}` : '', typeof root.reviewDecision === 'string' && root.reviewDecision ? `review ${root.reviewDecision}` : ''].filter(Boolean);
      const countKey = 'total_count' in root ? 'total_count' : 'totalCount' in root ? 'totalCount' : null;
      if (bits.length) summary.push({ text: bits.join(' · '), cites: [ref], fields: Object.keys(fields).filter((k) => ['number', 'title', 'state', 'mergeable', 'reviewDecision'].includes(k)) });
      else if (countKey) summary.push({ text: `${countKey} ${count(Number(root[countKey]))}`, cites: [ref], fields: [countKey] });
      if (root.mergeable === 'CONFLICTING' || root.mergeStateStatus === 'DIRTY' || root.reviewDecision === 'CHANGES_REQUESTED') warn = true;
      if (typeof root.body === 'string' && root.body.trim() !== '') {
        const bodyRef = refs.nextRef();
        citations.push({ ref: bodyRef, stream: 'stdout', pointer: '/body', label: `body (${count(root.body.length)} chars, external text)`, priority: 'normal', excerpt: [render(clipBody(root.body, 160), 300, 300)] });
      }
      recognised = true;
    }
  }

  for (const found of findArrays(doc)) {
    recognised = true;
    const where = found.pointer || '/';
    if (found.kind === 'checks') {
      const outcomes = new Map<string, number>();
      const bad: number[] = [];
      let pending = 0;
      found.items.forEach((item, i) => {
        if (!isPlainObject(item)) return;
        const outcome = outcomeOf(item) ?? 'unknown';
        outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
        if (isFailing(outcome)) bad.push(i);
        else if (isPending(outcome)) pending++;
      });
      failing += bad.length;
      if (pending) warn = true;
      const refsHere: string[] = [];
      bad.slice(0, FAILING_CITED).forEach((index, i) => {
        const ref = refs.nextRef();
        refsHere.push(ref);
        const item = found.items[index]!;
        const priority: Priority = i < 6 ? 'mandatory' : 'high';
        citations.push({ ref, stream: 'stdout', pointer: pointerJoin(found.pointer, index), label: `failing: ${checkName(item)}`, kind: 'failing check', priority, excerpt: [render(checkView(item), 520, 160)] });
      });
      if (bad.length > FAILING_CITED) omitted.push({ what: `failing items of ${where} not cited`, count: bad.length - FAILING_CITED });
      const histogram = [...outcomes].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
      const key = fieldName(found.pointer, 'checks');
      fields[key] = { total: found.items.length, ...Object.fromEntries(histogram) };
      if (bad.length) {
        fields[`${key}Failing`] = bad.slice(0, FAILING_CITED).map((i) => {
          const item = found.items[i]!;
          const entry: Record<string, FieldValue> = { name: checkName(item), conclusion: outcomeOf(item) ?? 'unknown' };
          const link = checkLink(item);
          if (link) entry.link = link;
          return entry;
        });
      }
      summary.push({
        text: `${where}: ${plural(found.items.length, 'item')}: ${histogram.map(([o, c]) => `${o} ${count(c)}`).join(', ')}${bad.length ? `; failing: ${bad.slice(0, 6).map((i) => checkName(found.items[i]!)).join(', ')}${bad.length > 6 ? ', …' : ''}` : ''}`,
        cites: refsHere.slice(0, 6),
        fields: [key],
        priority: bad.length ? 'mandatory' : 'normal',
      });
      const passed = found.items.length - bad.length;
      if (passed > 0) omitted.push({ what: `other items of ${where} (counted by outcome)`, count: passed });
    } else if (found.kind === 'commits') {
      // GET /repos/{owner}/{repo}/commits: the newest commits, sha, author, date and subject.
      const n = found.items.length;
      const shown = found.items.slice(0, ROWS_HEAD + ROWS_TAIL);
      const ref = refs.nextRef();
      citations.push({ ref, stream: 'stdout', pointer: found.pointer, label: `newest ${shown.length} of ${count(n)} commits (messages are external text)`, kind: 'commits', priority: 'mandatory', excerpt: shown.map((item, i) => `${i} ${render(commitView(item), 300, 100)}`) });
      if (n > shown.length) omitted.push({ what: `commits of ${where} not listed`, count: n - shown.length });
      const authors = new Set(found.items.map((c) => login(c.author) ?? (isPlainObject(c.commit) && isPlainObject(c.commit.author) ? String(c.commit.author.name) : '?')));
      fields.commits = { total: n, authors: authors.size };
      summary.push({ text: `${where}: ${plural(n, 'commit')} by ${plural(authors.size, 'author')}`, cites: [ref], fields: ['commits'] });
    } else if (found.kind === 'rows') {
      const n = found.items.length;
      const states = new Map<string, number>();
      let pulls = 0;
      for (const item of found.items) {
        if (!isPlainObject(item)) continue;
        const state = typeof item.state === 'string' ? item.state : 'unknown';
        states.set(state, (states.get(state) ?? 0) + 1);
        if ('pull_request' in item) pulls++;
      }
      const shownIdx = n > ROWS_HEAD + ROWS_TAIL ? [...Array(ROWS_HEAD).keys(), ...Array.from({ length: ROWS_TAIL }, (_, i) => n - ROWS_TAIL + i)] : [...Array(n).keys()];
      const lines: string[] = [];
      shownIdx.forEach((index, i) => {
        if (i === ROWS_HEAD && n > ROWS_HEAD + ROWS_TAIL) lines.push(`… ${count(n - ROWS_HEAD - ROWS_TAIL)} rows not listed`);
        const item = found.items[index];
        lines.push(`${index} ${isPlainObject(item) ? render(pick(item, ROW_KEYS), 300, 100) : render(item, 200, 80)}`);
      });
      const ref = refs.nextRef();
      // The rows are the answer to a list query: a bounded sample is never dropped.
      citations.push({ ref, stream: 'stdout', pointer: found.pointer, label: `rows (first ${Math.min(n, ROWS_HEAD)}${n > ROWS_HEAD + ROWS_TAIL ? ` and last ${ROWS_TAIL}` : ''} of ${count(n)}; titles are external text)`, kind: 'rows', priority: 'mandatory', excerpt: lines });
      if (n > shownIdx.length) omitted.push({ what: `rows of ${where} not listed`, count: n - shownIdx.length });
      const key = fieldName(found.pointer, 'rows');
      fields[key] = { total: n, ...Object.fromEntries([...states].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))), ...(pulls ? { pullRequests: pulls } : {}) };
      summary.push({ text: `${where}: ${plural(n, 'row')} (${[...states].map(([s, c]) => `${s} ${count(c)}`).join(', ')}${pulls ? `; ${count(pulls)} pull requests` : ''})`, cites: [ref], fields: [key] });
    } else {
      const n = found.items.length;
      const authors = new Map<string, number>();
      const states = new Map<string, number>();
      const changesRequested: string[] = [];
      const approved: string[] = [];
      for (const item of found.items) {
        if (!isPlainObject(item)) continue;
        const who = login(item.author) ?? login(item.user) ?? '?';
        authors.set(who, (authors.get(who) ?? 0) + 1);
        if (typeof item.state === 'string') {
          states.set(item.state, (states.get(item.state) ?? 0) + 1);
          if (item.state === 'CHANGES_REQUESTED' && !changesRequested.includes(who)) changesRequested.push(who);
          if (item.state === 'APPROVED' && !approved.includes(who)) approved.push(who);
        }
      }
      const order = [...found.items.keys()].sort((a, b) => rank(found.items[a]) - rank(found.items[b]) || a - b).slice(0, COMMENTS_SHOWN);
      const ref = refs.nextRef();
      citations.push({
        ref,
        stream: 'stdout',
        pointer: found.pointer,
        label: `${n > COMMENTS_SHOWN ? `${COMMENTS_SHOWN} of ${count(n)} entries, ` : ''}bodies clipped`,
        kind: 'comments',
        priority: 'mandatory',
        excerpt: order.sort((a, b) => a - b).map((i) => `${i} ${render(pick(found.items[i]!, COMMENT_KEYS, 80), 280, 110)}`),
      });
      if (n > COMMENTS_SHOWN) omitted.push({ what: `entries of ${where} not shown`, count: n - COMMENTS_SHOWN });
      const key = fieldName(found.pointer, 'comments');
      fields[key] = { total: n, ...(states.size ? { byState: Object.fromEntries(states) } : {}), authors: Object.fromEntries([...authors].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, 8)) };
      if (changesRequested.length) {
        fields.changesRequestedBy = changesRequested;
        warn = true;
      }
      if (approved.length) fields.approvedBy = approved;
      const stateText = states.size ? `; ${[...states].map(([s, c]) => `${s} ${count(c)}`).join(', ')}` : '';
      summary.push({ text: `${where}: ${plural(n, 'entry', 'entries')} by ${plural(authors.size, 'author')}${stateText}`, cites: [ref], fields: [key] });
      if (changesRequested.length) summary.push({ text: `changes requested by ${changesRequested.join(', ')}`, cites: [ref], fields: ['changesRequestedBy'], priority: 'mandatory' });
    }
  }

  if (!recognised) return null;
  if (failing > 0) fields.failing = failing;
  const status = failing > 0 || failedExit ? 'fail' : warn ? 'warn' : 'ok';
  return { status, summary, fields, citations, omitted, confidence: 0.85 };
}

/** Reviews asking for changes and long discussions come first when comments must be sampled. */
function rank(item: unknown): number {
  if (!isPlainObject(item)) return 3;
  if (item.state === 'CHANGES_REQUESTED') return 0;
  if (item.state === 'APPROVED') return 1;
  return 2;
}

/** `checks`, `workflow_runs`, `statusCheckRollup`: the array's own key names the field. */
function fieldName(pointer: string, fallback: string): string {
  const last = pointer.split('/').pop() ?? '';
  if (!last || /^\d+$/.test(last) || last === 'nodes' || last === 'edges') return fallback;
  return last.replace(/_(\w)/g, (_, c: string) => c.toUpperCase());
}

/** Whether the first KiB looks like GitHub's JSON (REST payloads, gh --json output). */
export function githubJsonScore(head: string): number {
  if (!/^\s*[[{]/.test(head)) return 0;
  let score = 0;
  if (/"(?:workflow_runs|check_runs|check_suites|statusCheckRollup|reviewDecision|mergeStateStatus)"\s*:/.test(head)) score = 0.9;
  else if (/"html_url"\s*:\s*"https:\/\/github\.com\//.test(head) || /"(?:node_id|api\.github\.com)"/.test(head) || /https:\/\/api\.github\.com\//.test(head)) score = 0.8;
  else if (/"total_count"\s*:\s*\d+/.test(head) && /"(?:items|runs|jobs|artifacts|workflows)"\s*:/.test(head)) score = 0.75;
  else if (/"author"\s*:\s*\{\s*"login"/.test(head) || /"user"\s*:\s*\{\s*"login"/.test(head)) score = 0.75;
  else if (/"(?:databaseId|headRefName|isDraft|workflowName|mergeable)"\s*:/.test(head)) score = 0.7;
  else if (/"message"\s*:\s*"[^"]*"\s*,\s*"documentation_url"\s*:\s*"https:\/\/docs\.github\.com/.test(head)) score = 0.9;
  return score;
}

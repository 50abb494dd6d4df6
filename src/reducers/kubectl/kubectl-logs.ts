/**
 * `kubectl logs` / `oc logs`: a pod's own output, so runtime text from outside (tainted). The
 * generic log digest (error windows with stack traces, repeated lines folded, head and tail)
 * plus Kubernetes specifics: kubectl's errors (`Error from server (BadRequest): container "app"
 * in pod "api-7f9c" is waiting to start`), `--prefix` sources (`[pod/api-7f9c/app] ...`), which
 * pod and container, and whether these are the previous container's logs.
 * Docs: https://kubernetes.io/docs/reference/kubectl/generated/kubectl_logs/
 */
import type { LineCitation, PacketParts, Reducer } from '../../core/types.js';
import { commandWords, normalizeArgv } from '../../core/argv.js';
import { count, plural } from '../../core/format.js';
import { LogDigest } from '../generic/log-digest.js';
import { ProblemLog } from '../generic/log-problems.js';
import { joinParts } from '../generic/structured-run.js';
import { errorKey } from '../generic/templates.js';
import { classifyLine } from '../generic/classify.js';
import { dropShadowedCites, KubeErrors } from './kube.js';
import { kubectlLogsClaims, PREFIX } from './kubectl-logs.claims.js';
const MAX_SOURCES = 50;
/** As many lines as the digest's tail citation shows. */
const TAIL = 10;

const LEVEL = /"(?:level|severity|lvl)"\s*:\s*(?:(\d+)|"(\w+)")/i;
const LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal'];
const PINO: Record<string, string> = { '10': 'trace', '20': 'debug', '30': 'info', '40': 'warn', '50': 'error', '60': 'fatal' };

function levelName(raw: string): string {
  const name = PINO[raw] ?? raw.toLowerCase();
  return name === 'warning' ? 'warn' : name === 'err' ? 'error' : name === 'critical' || name === 'panic' ? 'fatal' : name;
}

/** JSON log lines stand alone: an error window of JSON errors shows just those lines, not their neighbours. */
function narrowJsonWindows(parts: PacketParts, jsonErrors: ReadonlySet<number>): void {
  for (const c of parts.citations) {
    if (!('from' in c) || c.stream !== 'stdout' || !c.label?.startsWith('error') || !c.focus?.length) continue;
    if (!c.focus.every((n) => jsonErrors.has(n))) continue;
    c.from = Math.min(...c.focus);
    c.to = Math.max(...c.focus);
  }
}

const MAX_RUNS = 500;

/** An error window that is one message repeated line after line shows its first two lines and says so. */
function foldRepeatedWindows(parts: PacketParts, runs: ReadonlyArray<[number, number]>): void {
  for (const c of parts.citations) {
    if (!('from' in c) || c.stream !== 'stdout' || !c.label?.startsWith('error') || c.to - c.from < 6) continue;
    const r = runs.find(([a, b]) => a <= c.from + 3 && a >= c.from - 1000 && b >= c.to - 3 && b >= a + 4);
    if (!r) continue;
    const keepTo = Math.max(c.from, r[0]) + 1;
    const repeated = Math.min(c.to, r[1]) - keepTo;
    if (repeated < 3) continue;
    c.label = `${c.label}; the next ${repeated} lines repeat the same message`;
    c.to = keepTo;
    if (c.focus) c.focus = c.focus.filter((n) => n <= keepTo);
  }
}

/** A tail that repeats one message (a crash loop retrying) is shown by its last two lines. */
function shortenRepeatedTail(parts: PacketParts, tail: readonly string[]): void {
  if (tail.length < TAIL || new Set(tail).size > 2) return;
  const last = parts.citations.find((c): c is LineCitation => 'from' in c && c.stream === 'stdout' && c.label === 'last lines');
  if (!last || last.to - last.from + 1 < 4) return;
  last.label = `last lines (the ${last.to - 1 - last.from} before repeat the same message)`;
  last.from = last.to - 1;
}

export const kubectlLogsReducer: Reducer = {
  ...kubectlLogsClaims,
  version: '1.1.1',
  start(ctx) {
    const digest = new LogDigest({ extraPatterns: ctx.errorPatterns, problems: false });
    // Every distinct problem of a long pod log, once each, ahead of the digest's first few windows.
    const problems = new ProblemLog();
    const errors = new KubeErrors();
    const sources = new Map<string, number>();
    let defaulted: { line: number; text: string } | null = null;
    // The message keys of the last stdout lines, to see whether the tail only repeats itself.
    const tail: string[] = [];
    // Runs of consecutive lines with the same message (a client retrying), bounded.
    const runs: Array<[number, number]> = [];
    let run: { key: string; from: number; to: number } | null = null;
    // JSON log lines (pino, bunyan, zap, logrus): levels counted, error lines remembered (bounded).
    const levels = new Map<string, number>();
    let jsonLines = 0;
    const jsonErrors = new Set<number>();
    return {
      line(stream, n, text) {
        if (stream === 'stderr' && errors.line(stream, n, text)) return;
        if (stream === 'stderr' && /^Defaulted container "/.test(text)) {
          defaulted ??= { line: n, text };
          return;
        }
        digest.line(stream, n, text);
        problems.line(stream, n, text);
        if (stream === 'stdout') {
          const key = errorKey(text.replace(/0x[0-9a-f]+/gi, '#'));
          tail.push(key);
          if (run && run.key === key && run.to === n - 1) run.to = n;
          else {
            if (run && run.to - run.from >= 4 && runs.length < MAX_RUNS) runs.push([run.from, run.to]);
            run = { key, from: n, to: n };
          }
          if (tail.length > TAIL) tail.shift();
        }
        if (stream === 'stdout' && text.startsWith('{')) {
          const level = LEVEL.exec(text);
          if (level) {
            jsonLines++;
            const name = levelName(level[1] ?? level[2]!);
            if (levels.has(name) || levels.size < 12) levels.set(name, (levels.get(name) ?? 0) + 1);
            if (jsonErrors.size < 5000 && classifyLine(text, ctx.errorPatterns) === 'error') jsonErrors.add(n);
          }
        }
        const m = PREFIX.exec(text);
        if (m) {
          const key = `${m[1]}/${m[2]}`;
          if (sources.has(key) || sources.size < MAX_SOURCES) sources.set(key, (sources.get(key) ?? 0) + 1);
        }
      },
      finish(exit) {
        const found = problems.finish(() => digest.nextRef());
        // kubectl's own level counts of JSON lines stay; the problem templates add what they do not say.
        if (jsonLines > 0) {
          delete found.fields.levels;
          found.summary = found.summary.filter((b) => !b.fields?.includes('levels'));
        }
        const parts = joinParts([{ ...found, summary: [] }], digest.finish(exit));
        parts.summary.push(...found.summary);
        if (run && run.to - run.from >= 4 && runs.length < MAX_RUNS) runs.push([run.from, run.to]);
        shortenRepeatedTail(parts, tail);
        foldRepeatedWindows(parts, runs);
        if (jsonLines > 0) {
          narrowJsonWindows(parts, jsonErrors);
          const sorted = [...levels.entries()].sort((a, b) => LEVELS.indexOf(b[0]) - LEVELS.indexOf(a[0]));
          (parts.fields as Record<string, unknown>).levels = Object.fromEntries(sorted);
          parts.summary.splice(1, 0, { text: `${plural(jsonLines, 'JSON log line')}: ${sorted.map(([l, c]) => `${count(c)} ${l}`).join(', ')}`, fields: ['levels'] });
        }
        const fields = parts.fields as Record<string, unknown>;
        const { pod, container, previous } = target(ctx.argv);
        if (pod) fields.pod = pod;
        if (container) fields.container = container;
        if (previous) fields.previous = true;
        if (pod) parts.summary.unshift({ text: `logs of ${pod}${container ? ` container ${container}` : ''}${previous ? ' (previous, terminated instance)' : ''}`, fields: ['pod'] });
        if (sources.size > 0) {
          fields.sources = Object.fromEntries([...sources.entries()].sort((a, b) => b[1] - a[1]).slice(0, 12));
          parts.summary.push({ text: `${plural(sources.size, 'source')} (pod/container): ${[...sources.entries()].slice(0, 4).map(([k, c]) => `${k} ${count(c)}`).join(', ')}`, fields: ['sources'] });
        }
        if (defaulted) {
          const ref = digest.nextRef();
          parts.citations.push({ ref, stream: 'stderr', from: defaulted.line, to: defaulted.line, label: 'container choice', priority: 'low' });
        }
        errors.cite(() => digest.nextRef(), parts.citations, parts.summary, fields);
        if (errors.total > 0) parts.status = 'fail';
        dropShadowedCites(parts);
        return parts;
      },
    };
  },
};

/** `kubectl logs [-f] [-p] (POD | TYPE/NAME) [-c CONTAINER]` */
function target(argv: readonly string[]): { pod: string | null; container: string | null; previous: boolean } {
  const words = commandWords(argv);
  const args = normalizeArgv(argv);
  let container: string | null = null;
  let previous = false;
  args.forEach((a, i) => {
    if ((a === '-c' || a === '--container') && args[i + 1]) container = args[i + 1]!;
    else if (a.startsWith('--container=')) container = a.slice(12);
    else if (a === '-p' || a === '--previous' || a === '--previous=true') previous = true;
  });
  return { pod: words[2] ?? null, container, previous };
}

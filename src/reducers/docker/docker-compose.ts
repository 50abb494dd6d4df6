/**
 * `docker compose up` / `docker-compose up` / `docker compose logs`: the build (as docker-build reads it),
 * container lifecycle, the attached service logs (`api-1  | ...`, app output: external-runtime lane),
 * and which service exited with which code (`worker-1 exited with code 137`).
 * Docs: https://docs.docker.com/reference/cli/docker/compose/up/
 */
import type { Bullet, CitationDraft, PacketParts, Reducer, StreamName } from '../../core/types.js';
import { count, plural } from '../../core/format.js';
import { classifyLine, isContinuation } from '../generic/classify.js';
import { addDigestErrors } from '../generic/digest-errors.js';
import { DockerBuildLog } from './docker-build-log.js';
import { LogDigest } from '../generic/log-digest.js';
import { errorKey } from '../generic/templates.js';
import { reduceBuild } from './docker-build-parts.js';
import { dockerComposeClaims } from './docker-compose.claims.js';

const SERVICE_LINE = /^(\S+?)\s+\| ?(.*)$/;
const EXITED = /^(\S+?) exited with code (\d+)(?: \(restarting\))?$/;
const LIFECYCLE = /^\s*(?:[✔✘⠿]\s+)?(Container|Network|Volume|Image)\s+(\S+)\s+(\S.*?)\s*$/;
const COMPOSE_ERROR = /^(?:Error response from daemon: |Error: |service "[^"]+" didn't complete successfully|dependency failed to start|\s*✘ |ERROR: for |error during connect)/;

const MAX_SERVICES = 64;
/**
 * Distinct problems (by message template) kept over all services: every different error of a long
 * log, not the first few of each service (six kinds in one worker's 3,000 lines all come out).
 */
const MAX_PROBLEMS = 40;
const MAX_WINDOW = 12;
const SIGNALS: Record<number, string> = { 130: 'SIGINT', 137: 'SIGKILL', 143: 'SIGTERM', 139: 'SIGSEGV', 134: 'SIGABRT' };

interface Window {
  service: string;
  severity: 'error' | 'warning';
  stream: StreamName;
  from: number;
  to: number;
  focus: number;
  /** Lines of the same template after this one. */
  repeats: number;
}

interface Service {
  lines: number;
  errors: number;
  warnings: number;
  /** The window still taking continuation lines (traceback frames, indented detail). */
  open: Window | null;
}

export const dockerComposeReducer: Reducer = {
  ...dockerComposeClaims,
  version: '1.1.1',
  start(ctx) {
    const digest = new LogDigest({ extraPatterns: ctx.errorPatterns });
    const build = new DockerBuildLog();
    const services = new Map<string, Service>();
    // Each distinct problem once (service and message template), errors and warnings, in the order seen.
    const windows = new Map<string, Window>();
    let uncited = 0;
    const exits: Array<{ service: string; code: number; stream: StreamName; n: number }> = [];
    const composeErrors: Array<{ stream: StreamName; n: number }> = [];
    const lifecycle: Record<string, number> = {};
    let attach: { stream: StreamName; n: number } | null = null;
    let serviceLines = 0;
    let droppedServices = 0;

    function serviceLine(name: string, stream: StreamName, n: number, message: string): void {
      let service = services.get(name);
      if (!service) {
        if (services.size >= MAX_SERVICES) {
          droppedServices++;
          return;
        }
        service = { lines: 0, errors: 0, warnings: 0, open: null };
        services.set(name, service);
      }
      service.lines++;
      serviceLines++;
      const open = service.open;
      if (open && open.stream === stream && isContinuation(message) && n - open.from < MAX_WINDOW) {
        open.to = n;
        return;
      }
      service.open = null;
      const severity = classifyLine(message, ctx.errorPatterns);
      if (severity !== 'error' && severity !== 'warning') return;
      if (severity === 'error') service.errors++;
      else service.warnings++;
      // An error right under an open window (the log line, then its Traceback) extends it.
      if (severity === 'error' && open && open.stream === stream && open.to >= n - 1 && n - open.from < MAX_WINDOW) {
        open.to = n;
        service.open = open;
        return;
      }
      const key = `${name}\u0000${severity}\u0000${errorKey(message)}`;
      const seen = windows.get(key);
      if (seen) {
        seen.repeats++;
        return;
      }
      if (windows.size >= MAX_PROBLEMS) {
        uncited++;
        return;
      }
      const window: Window = { service: name, severity, stream, from: n, to: n, focus: n, repeats: 0 };
      windows.set(key, window);
      service.open = window;
    }

    return {
      line(stream, n, text) {
        digest.line(stream, n, text);
        let m = SERVICE_LINE.exec(text);
        if (m && !text.startsWith('#')) {
          serviceLine(m[1]!, stream, n, m[2]!);
          return;
        }
        m = EXITED.exec(text);
        if (m) {
          if (exits.length < 200) exits.push({ service: m[1]!, code: Number(m[2]), stream, n });
          return;
        }
        if (/^Attaching to /.test(text)) {
          attach = { stream, n };
          return;
        }
        m = LIFECYCLE.exec(text);
        if (m) {
          const state = m[3]!.replace(/\s+\d+(?:\.\d+)?s$/, '');
          lifecycle[`${m[1]!.toLowerCase()} ${state}`] = (lifecycle[`${m[1]!.toLowerCase()} ${state}`] ?? 0) + 1;
          if (/Error|error/.test(state) && composeErrors.length < 10) composeErrors.push({ stream, n });
          return;
        }
        if (build.line(stream, n, text)) return;
        if (COMPOSE_ERROR.test(text) && composeErrors.length < 10) composeErrors.push({ stream, n });
      },
      // A failed RUN step of the build is read again by its command's reducer (docker-build-steps.ts); the services' logs are what a passing build is for.
      steps: () => (build.recognised > 0 ? build.runs.spans(true) : []),
      finish(exit) {
        const failedExit = (exit.code !== null && exit.code !== 0) || exit.signal !== null || exit.timedOut;
        const hasBuild = build.recognised > 0;
        if (!services.size && !exits.length && !attach && !Object.keys(lifecycle).length && !composeErrors.length && !hasBuild) return digest.finish(exit);
        const parts: PacketParts = hasBuild ? reduceBuild(build, digest, { code: 0, signal: null, timedOut: false }, { quietSuccess: true }) : { status: 'ok', summary: [], fields: {}, citations: [], omitted: [], confidence: 0.9 };
        const summary: Bullet[] = [];
        const citations: CitationDraft[] = [];
        const fields = parts.fields;
        const buildFailed = parts.status === 'fail';

        const bad = exits.filter((e) => e.code !== 0);
        fields.exits = Object.fromEntries(exits.map((e) => [e.service, e.code]));
        if (exits.length) {
          const refs = bad.map((e) => {
            const ref = digest.nextRef();
            citations.push({ ref, stream: e.stream, from: e.n, to: e.n, label: `exit ${e.code}`, priority: 'mandatory' });
            return ref;
          });
          const describe = (e: (typeof exits)[number]) => `${e.service} ${e.code}${SIGNALS[e.code] ? ` (${SIGNALS[e.code]})` : ''}`;
          summary.push({ text: bad.length ? `exited non-zero: ${bad.slice(0, 6).map(describe).join(', ')}${bad.length > 6 ? ', …' : ''}; ${count(exits.length - bad.length)} exited 0` : `all ${plural(exits.length, 'container')} exited 0`, cites: refs.slice(0, 4), fields: ['exits'], priority: 'mandatory' });
        }
        for (const e of composeErrors) {
          const ref = digest.nextRef();
          citations.push({ ref, stream: e.stream, from: e.n, to: e.n, label: 'compose error', priority: 'mandatory' });
          if (e === composeErrors[0]) summary.push({ text: `compose reported ${plural(composeErrors.length, 'error')}`, cites: [ref], priority: 'mandatory' });
        }

        const perService: Record<string, { lines: number; errors: number; warnings?: number }> = {};
        for (const [name, service] of [...services.entries()].sort((a, b) => b[1].errors - a[1].errors || a[0].localeCompare(b[0]))) {
          perService[name] = { lines: service.lines, errors: service.errors, ...(service.warnings ? { warnings: service.warnings } : {}) };
        }
        // Errors before warnings, each kind in the order first seen; the later ones go first when room runs out.
        const ranked = [...windows.values()].sort((a, b) => Number(a.severity === 'warning') - Number(b.severity === 'warning') || a.from - b.from);
        const errorRefs: string[] = [];
        const warningRefs: string[] = [];
        let errorIndex = 0;
        for (const w of ranked) {
          const ref = digest.nextRef();
          const repeats = w.repeats ? ` (same message ${count(w.repeats)} more ${w.repeats === 1 ? 'time' : 'times'})` : '';
          const priority = w.severity === 'warning' ? 'low' : errorIndex < 4 ? 'high' : errorIndex < 12 ? 'normal' : 'low';
          if (w.severity === 'error') errorIndex++;
          citations.push({ ref, stream: w.stream, from: w.from, to: w.to, label: `${w.service} ${w.severity}${repeats}`, priority, focus: [w.focus] });
          (w.severity === 'error' ? errorRefs : warningRefs).push(ref);
        }
        if (uncited) parts.omitted.push({ what: `problem lines of templates past the first ${MAX_PROBLEMS} (counted only)`, count: uncited });
        if (services.size) {
          fields.services = perService;
          const noisy = Object.entries(perService).filter(([, s]) => s.errors > 0);
          const warned = Object.entries(perService).filter(([, s]) => (s.warnings ?? 0) > 0);
          summary.push({ text: `${plural(services.size, 'service')} logged ${plural(serviceLines, 'line')}${noisy.length ? `; error lines: ${noisy.map(([n, s]) => `${n} ${count(s.errors)}`).join(', ')}` : ''}`, cites: errorRefs.slice(0, 4), fields: ['services'] });
          // The first bullet cites four errors: say how many distinct ones there are when that is not all of them, or when there are warnings.
          if (errorRefs.length > 4 || warningRefs.length) {
            const kinds = [errorRefs.length ? plural(errorRefs.length, 'distinct error') : '', warningRefs.length ? plural(warningRefs.length, 'distinct warning') : ''].filter(Boolean).join(', ');
            summary.push({ text: `${kinds} in the service logs${warned.length ? `; warning lines: ${warned.map(([n, s]) => `${n} ${count(s.warnings ?? 0)}`).join(', ')}` : ''}`, cites: [...errorRefs.slice(4, 8), ...warningRefs.slice(0, 2)], fields: ['services'] });
          }
        }
        if (droppedServices) parts.omitted.push({ what: `log lines of services past the first ${MAX_SERVICES}`, count: droppedServices });
        if (Object.keys(lifecycle).length) {
          fields.lifecycle = lifecycle;
          if (!exits.length && !services.size) summary.push({ text: `lifecycle: ${Object.entries(lifecycle).map(([k, v]) => `${k} ${count(v)}`).join(', ')}`, fields: ['lifecycle'] });
        }
        if (attach) {
          const ref = digest.nextRef();
          citations.push({ ref, stream: attach.stream, from: attach.n, to: attach.n, label: 'attached', priority: 'normal' });
        }

        const failed = failedExit || buildFailed || bad.some((e) => !SIGNALS[e.code]) || composeErrors.length > 0;
        const result: PacketParts = {
          status: failed ? 'fail' : bad.length || errorRefs.length ? 'warn' : 'ok',
          summary: [...parts.summary, ...summary],
          fields,
          citations: [...parts.citations, ...citations],
          omitted: parts.omitted,
          confidence: 0.85,
        };
        if (failed && !buildFailed && !bad.length && !composeErrors.length && !errorRefs.length) addDigestErrors(digest, exit, result);
        return result;
      },
    };
  },
};

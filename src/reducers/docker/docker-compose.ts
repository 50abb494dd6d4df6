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
const ERRORS_PER_SERVICE = 3;
const MAX_WINDOW = 12;
const SIGNALS: Record<number, string> = { 130: 'SIGINT', 137: 'SIGKILL', 143: 'SIGTERM', 139: 'SIGSEGV', 134: 'SIGABRT' };

interface Service {
  lines: number;
  errors: number;
  windows: Array<{ stream: StreamName; from: number; to: number; focus: number }>;
  keys: Set<string>;
  /** The window still taking continuation lines (traceback frames, indented detail). */
  open: { stream: StreamName; from: number; to: number; focus: number } | null;
}

export const dockerComposeReducer: Reducer = {
  ...dockerComposeClaims,
  version: '1.0.1',
  start(ctx) {
    const digest = new LogDigest({ extraPatterns: ctx.errorPatterns });
    const build = new DockerBuildLog();
    const services = new Map<string, Service>();
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
        service = { lines: 0, errors: 0, windows: [], keys: new Set(), open: null };
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
      if (classifyLine(message, ctx.errorPatterns) !== 'error') return;
      service.errors++;
      // An error right under an open window (the log line, then its Traceback) extends it.
      if (open && open.stream === stream && open.to >= n - 1 && n - open.from < MAX_WINDOW) {
        open.to = n;
        service.open = open;
        return;
      }
      const key = errorKey(message);
      if (service.keys.has(key) || service.windows.length >= ERRORS_PER_SERVICE) return;
      service.keys.add(key);
      const window = { stream, from: n, to: n, focus: n };
      service.windows.push(window);
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

        const perService: Record<string, { lines: number; errors: number }> = {};
        const errorRefs: string[] = [];
        let windowIndex = 0;
        for (const [name, service] of [...services.entries()].sort((a, b) => b[1].errors - a[1].errors || a[0].localeCompare(b[0]))) {
          perService[name] = { lines: service.lines, errors: service.errors };
          for (const w of service.windows) {
            const ref = digest.nextRef();
            citations.push({ ref, stream: w.stream, from: w.from, to: w.to, label: `${name} error`, priority: windowIndex++ < 4 ? 'high' : 'normal', focus: [w.focus] });
            errorRefs.push(ref);
          }
        }
        if (services.size) {
          fields.services = perService;
          const noisy = Object.entries(perService).filter(([, s]) => s.errors > 0);
          summary.push({ text: `${plural(services.size, 'service')} logged ${plural(serviceLines, 'line')}${noisy.length ? `; error lines: ${noisy.map(([n, s]) => `${n} ${count(s.errors)}`).join(', ')}` : ''}`, cites: errorRefs.slice(0, 4), fields: ['services'] });
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

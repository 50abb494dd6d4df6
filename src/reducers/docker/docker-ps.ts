/**
 * `docker ps`, `docker container ls`, `docker compose ps`, `docker images`: the table read by its header's
 * column positions; containers that exited non-zero, restart, are unhealthy or dead are cited, the rest counted.
 * Sample: `3f9a2c1b7d4e   redis:7   "docker-entrypoint.s…"   2 hours ago   Exited (137) 5 minutes ago   cache`.
 * Docs: https://docs.docker.com/reference/cli/docker/container/ls/
 */
import type { Bullet, CitationDraft, PacketParts, Reducer, StreamName } from '../../core/types.js';
import { count, plural } from '../../core/format.js';
import { LogDigest } from '../generic/log-digest.js';
import { dockerPsClaims, PS_HEADER, IMAGES_HEADER } from './docker-ps.claims.js';
const MAX_PROBLEMS = 30;

interface Columns {
  names: string[];
  starts: number[];
}

function readHeader(text: string): Columns {
  const names: string[] = [];
  const starts: number[] = [];
  for (const m of text.matchAll(/\S+(?: \S+)*/g)) {
    names.push(m[0]);
    starts.push(m.index!);
  }
  return { names, starts };
}

function cell(columns: Columns, row: string, name: string): string {
  const i = columns.names.indexOf(name);
  if (i < 0) return '';
  return row.slice(columns.starts[i], columns.starts[i + 1] ?? undefined).trim();
}

/** up / exited / restarting / created / paused / dead, and whether the row needs attention. */
function classify(status: string): { state: string; problem: boolean } {
  const exited = /^Exited \((\d+)\)/.exec(status);
  if (exited) return { state: exited[1] === '0' ? 'exited 0' : 'exited non-zero', problem: exited[1] !== '0' };
  if (/^Restarting/.test(status)) return { state: 'restarting', problem: true };
  if (/unhealthy/.test(status)) return { state: 'unhealthy', problem: true };
  if (/^Dead/.test(status)) return { state: 'dead', problem: true };
  if (/^Up|running/i.test(status)) return { state: 'up', problem: false };
  return { state: status.split(/\s/)[0]!.toLowerCase() || 'unknown', problem: false };
}

export const dockerPsReducer: Reducer = {
  ...dockerPsClaims,
  version: '1.1.0',
  start(ctx) {
    const digest = new LogDigest({ extraPatterns: ctx.errorPatterns });
    let columns: Columns | null = null;
    let kind: 'containers' | 'images' | null = null;
    let header: { stream: StreamName; n: number } | null = null;
    const states: Record<string, number> = {};
    const problems: Array<{ n: number; name: string; image: string; status: string }> = [];
    let rows = 0;
    let dangling = 0;

    return {
      line(stream, n, text) {
        digest.line(stream, n, text);
        if (stream !== 'stdout') return;
        if (!columns) {
          if (PS_HEADER.test(text) || IMAGES_HEADER.test(text)) {
            columns = readHeader(text);
            kind = PS_HEADER.test(text) ? 'containers' : 'images';
            header = { stream, n };
          }
          return;
        }
        if (!text.trim()) return;
        rows++;
        if (kind === 'images') {
          if (cell(columns, text, 'REPOSITORY') === '<none>' || cell(columns, text, 'TAG') === '<none>') dangling++;
          return;
        }
        const status = cell(columns, text, 'STATUS');
        const { state, problem } = classify(status);
        states[state] = (states[state] ?? 0) + 1;
        if (problem && problems.length < MAX_PROBLEMS) problems.push({ n, name: cell(columns, text, 'NAMES') || cell(columns, text, 'NAME'), image: cell(columns, text, 'IMAGE'), status });
      },
      finish(exit) {
        if (!columns || !header) return digest.finish(exit);
        const summary: Bullet[] = [];
        const citations: CitationDraft[] = [];
        const fields: PacketParts['fields'] = {};
        const headerRef = digest.nextRef();
        citations.push({ ref: headerRef, stream: header.stream, from: header.n, to: header.n, label: 'header', priority: problems.length ? 'high' : 'normal' });
        if (kind === 'images') {
          fields.images = rows;
          fields.dangling = dangling;
          summary.push({ text: `${plural(rows, 'image')}${dangling ? `, ${count(dangling)} dangling (<none>)` : ''}`, fields: ['images'] });
          return { status: 'ok', summary, fields, citations, omitted: [], confidence: 0.9 };
        }
        fields.containers = rows;
        fields.states = states;
        const refs = problems.map((p, i) => {
          const ref = digest.nextRef();
          citations.push({ ref, stream: 'stdout', from: p.n, to: p.n, label: p.name, priority: i < 10 ? 'mandatory' : 'high' });
          return ref;
        });
        if (problems.length) fields.problems = problems.map((p) => ({ name: p.name, image: p.image, status: p.status }));
        summary.push({ text: `${plural(rows, 'container')}: ${Object.entries(states).map(([s, c]) => `${s} ${count(c)}`).join(', ') || 'none'}`, cites: problems.length ? [] : [headerRef], fields: ['states'] });
        if (problems.length) summary.push({ text: `need attention: ${problems.slice(0, 6).map((p) => `${p.name} (${p.status})`).join(', ')}${problems.length > 6 ? ', …' : ''}`, cites: refs.slice(0, 4), fields: ['problems'], priority: 'mandatory' });
        const failed = exit.code !== null && exit.code !== 0;
        return { status: failed ? 'fail' : problems.length ? 'warn' : 'ok', summary, fields, citations, omitted: [], confidence: 0.9 };
      },
    };
  },
};

/**
 * kubectl's mutating commands (`apply`, `create`, `delete`, `replace`, `patch`, `scale`, `label`,
 * `annotate`, `set`, `expose`, `wait`) and `rollout status|restart|undo`, with `oc` too: one result
 * per resource (`deployment.apps/web configured`, `pod "web" deleted`), counted by action, the
 * rollout's progress and verdict, and every error (`The Deployment "web" is invalid: ...`).
 * Docs: https://kubernetes.io/docs/reference/kubectl/generated/kubectl_apply/
 */
import type { Bullet, CitationDraft, PacketParts, Reducer } from '../../core/types.js';
import { count, plural } from '../../core/format.js';
import { LogDigest } from '../generic/log-digest.js';
import { KubeErrors, shorten } from './kube.js';
import { kubectlApplyClaims, RESULT, WAITING, ROLLED_OUT } from './kubectl-apply.claims.js';
const MAX_CHANGED = 30;

export const kubectlApplyReducer: Reducer = {
  ...kubectlApplyClaims,
  version: '1.0.0',
  start(ctx) {
    const digest = new LogDigest({ extraPatterns: ctx.errorPatterns });
    const errors = new KubeErrors();
    const actions = new Map<string, number>();
    const changed: Array<{ line: number; text: string }> = [];
    let results = 0;
    let unknown = 0;
    let waiting: { line: number; text: string; count: number } | null = null;
    let rolledOut: { line: number; text: string } | null = null;
    return {
      line(stream, n, text) {
        digest.line(stream, n, text);
        if (errors.line(stream, n, text)) return;
        const m = RESULT.exec(text);
        if (m) {
          results++;
          const action = m[2]!;
          actions.set(action, (actions.get(action) ?? 0) + 1);
          if (action !== 'unchanged' && changed.length < MAX_CHANGED) changed.push({ line: n, text: `${m[1]!.replace(/ "([^"]+)"$/, '/$1')} ${action}` });
          if (/rolled back|restarted/.test(action)) rolledOut = { line: n, text };
          return;
        }
        if (WAITING.test(text)) {
          waiting = { line: n, text, count: (waiting?.count ?? 0) + 1 };
          return;
        }
        if (ROLLED_OUT.test(text)) {
          rolledOut = { line: n, text };
          return;
        }
        if (text.trim() !== '') unknown++;
      },
      finish(exit) {
        const failed = (exit.code !== null && exit.code !== 0) || exit.signal !== null || exit.timedOut || errors.total > 0;
        const ref = (): string => digest.nextRef();
        if (results === 0 && !waiting && !rolledOut) {
          const parts = errors.total > 0 ? { status: 'fail' as const, summary: [], fields: {}, citations: [], omitted: [], confidence: 0.8 } : digest.finish(exit);
          errors.cite(ref, parts.citations, parts.summary, parts.fields as Record<string, unknown>);
          if (errors.total > 0 && unknown > 0) {
            const rest = digest.finish(exit);
            parts.citations.push(...rest.citations.filter((c) => c.label?.startsWith('error') || c.label === 'last lines'));
          }
          return parts as PacketParts;
        }
        const summary: Bullet[] = [];
        const fields: Record<string, unknown> = {};
        const citations: CitationDraft[] = [];
        const omitted: PacketParts['omitted'] = [];
        if (results > 0) {
          const sorted = [...actions.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
          fields.resources = results;
          fields.actions = Object.fromEntries(sorted);
          if (changed.length) fields.changed = changed.map((c) => c.text);
          const refs: string[] = [];
          changed.slice(0, 3).forEach((c) => {
            const r = ref();
            refs.push(r);
            citations.push({ ref: r, stream: 'stdout', from: c.line, to: c.line, label: 'result', priority: 'low' });
          });
          summary.push({ text: `${plural(results, 'resource')}: ${sorted.map(([a, c]) => `${count(c)} ${a}`).join(', ')}`, fields: ['resources', 'actions'] });
          if (changed.length < results - (actions.get('unchanged') ?? 0)) omitted.push({ what: 'changed resources not listed', count: results - (actions.get('unchanged') ?? 0) - changed.length });
        }
        const rollout = rolledOut as { line: number; text: string } | null;
        const wait = waiting as { line: number; text: string; count: number } | null;
        if (rollout && (!wait || rollout.line > wait.line)) {
          const r = ref();
          citations.push({ ref: r, stream: 'stdout', from: rollout.line, to: rollout.line, label: 'rollout', priority: 'high' });
          fields.rollout = 'complete';
          summary.push({ text: shorten(rollout.text, 200), cites: [r], fields: ['rollout'] });
        } else if (wait) {
          const r = ref();
          citations.push({ ref: r, stream: 'stdout', from: wait.line, to: wait.line, label: `last of ${plural(wait.count, 'progress line')}`, priority: failed ? 'mandatory' : 'high' });
          fields.rollout = failed ? 'failed' : 'waiting';
          summary.push({ text: `rollout ${failed ? 'did not finish' : 'still waiting'}: ${shorten(wait.text, 200)}`, cites: [r], fields: ['rollout'] });
        }
        errors.cite(ref, citations, summary, fields);
        if (unknown > 0 && failed) {
          const rest = digest.finish(exit);
          citations.push(...rest.citations.filter((c) => c.label?.startsWith('error')));
        }
        return { status: failed ? 'fail' : 'ok', summary, fields: fields as PacketParts['fields'], citations, omitted, confidence: unknown > results ? 0.6 : 0.9 };
      },
    };
  },
};

/** What detection reads of `kubectl-logs`, loaded on every run; the body (./kubectl-logs.ts) loads only when it is chosen. */
import type { ReducerClaims } from '../../core/types.js';
import { POD_NAME } from './kube.js';

export const PREFIX = /^\[pod\/([^/\]]+)\/([^\]]+)\] /;

export const kubectlLogsClaims: ReducerClaims = {
  name: 'kubectl-logs',
  family: 'kubectl',
  claims: ['kubectl logs', 'oc logs'],
  lane: 'external-runtime',
  detect(probe) {
    const lines = probe.head.split('\n').slice(0, 40);
    if (lines.filter((l) => PREFIX.test(l)).length >= Math.max(2, lines.length / 2)) return 0.75;
    // JSON logs from a pod name their host: `"hostname":"backend-66468d89c8-sxrjj"` (pino, bunyan, ...).
    const json = lines.filter((l) => /^\{".*\}$/.test(l.trim()));
    if (json.length >= 3 && json.filter((l) => new RegExp(`"(?:hostname|pod|pod_name|podName|host)"\\s*:\\s*"${POD_NAME.source}"`).test(l)).length >= json.length * 0.6) return 0.6;
    if (/^Error from server \(BadRequest\): container "[^"]+" in pod "[^"]+" is (?:waiting|terminated)/m.test(probe.stderrHead)) return 0.7;
    return 0;
  },
};

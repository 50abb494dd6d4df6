/** What detection reads of `kubectl-events`, loaded on every run; the body (./kubectl-events.ts) loads only when it is chosen. */
import type { ReducerClaims } from '../../core/types.js';
import { isEventHeader, parseHeader } from './kube.js';

export const kubectlEventsClaims: ReducerClaims = {
  name: 'kubectl-events',
  family: 'kubectl',
  intent: 'answer',
  claims: ['kubectl events', 'oc events', 'kubectl get events', 'kubectl get event', 'kubectl get ev', 'oc get events', 'oc get event', 'oc get ev'],
  lane: 'external-runtime',
  detect(probe) {
    const first = probe.head.split('\n', 8).find((l) => !/^(?:Warning: |[WIE]\d{4} \d\d:)/.test(l)) ?? '';
    const header = parseHeader(first, 1);
    if (header && isEventHeader(header)) return 0.9;
    if (/^\s*\{/.test(probe.head) && /"kind"\s*:\s*"EventList"/.test(probe.head.slice(0, 4096))) return 0.9;
    return 0;
  },
};

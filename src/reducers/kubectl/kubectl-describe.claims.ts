/** What detection reads of `kubectl-describe`, loaded on every run; the body (./kubectl-describe.ts) loads only when it is chosen. */
import type { ReducerClaims } from '../../core/types.js';

export const kubectlDescribeClaims: ReducerClaims = {
  name: 'kubectl-describe',
  family: 'kubectl',
  intent: 'answer',
  claims: ['kubectl describe', 'oc describe'],
  lane: 'external-runtime',
  detect(probe) {
    const head = probe.head.slice(0, 4096);
    if (!/^Name:\s+\S/.test(head)) return 0;
    const keys = ['Namespace:', 'Labels:', 'Annotations:', 'Events:', 'Status:', 'CreationTimestamp:', 'Conditions:', 'Containers:'].filter((k) => new RegExp(`^${k}`, 'm').test(head)).length;
    return keys >= 3 ? 0.9 : keys >= 2 ? 0.6 : 0;
  },
};

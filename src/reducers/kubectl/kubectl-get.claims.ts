/** What detection reads of `kubectl-get`, loaded on every run; the body (./kubectl-get.ts) loads only when it is chosen. */
import type { ReducerClaims } from '../../core/types.js';
import { isGetHeader, isPodHeader, parseHeader } from './kube.js';

export const kubectlGetClaims: ReducerClaims = {
  name: 'kubectl-get',
  family: 'kubectl',
  intent: 'answer',
  // Rendered manifests read as a `get -o yaml` without status: each object counted by kind, none judged.
  claims: ['kubectl get', 'oc get', 'kubectl kustomize', 'oc kustomize', 'kustomize build'],
  lane: 'internal',
  detect(probe) {
    const head = probe.head.slice(0, 4096);
    // Skip kubectl's own warnings and klog lines merged in front (`2>&1`).
    const first = head.split('\n', 8).find((l) => !/^(?:Warning: |[WIE]\d{4} \d\d:)/.test(l)) ?? '';
    const header = parseHeader(first, 1);
    if (header && isPodHeader(header) && isGetHeader(header)) return 0.9;
    if (header && isGetHeader(header) && header.names.includes('AGE')) return 0.7;
    if (/^\s*\{/.test(head) && /"apiVersion"\s*:/.test(head) && /"kind"\s*:\s*"(?:List|\w+List|Pod|Deployment|Node|Service|ReplicaSet|StatefulSet|DaemonSet|Job)"/.test(head)) return 0.9;
    if (/^(?:apiVersion: \S+\n(?:items:|kind: )|items:\n- apiVersion: )/m.test(head) && /^kind: |^  kind: /m.test(head)) return 0.8;
    const errorsOnly = /^(?:Error from server \(|No resources found|error: the server doesn't have a resource type)/;
    if ((probe.head.trim() === '' && errorsOnly.test(probe.stderrHead)) || errorsOnly.test(first)) return 0.6;
    return 0;
  },
};

/** What detection reads of `kubectl-apply`, loaded on every run; the body (./kubectl-apply.ts) loads only when it is chosen. */
import type { ReducerClaims } from '../../core/types.js';

export const ACTIONS = 'created|configured|unchanged|deleted|patched|replaced|serverside-applied|labeled|annotated|scaled|restarted|rolled back|exposed|autoscaled|image updated|resource requirements updated|env updated|serviceaccount updated|paused|resumed|condition met|pruned|tainted|untainted|cordoned|uncordoned|drained|evicted|edited|skipped rollback';

export const RESULT = new RegExp(`^([a-z0-9][a-z0-9.-]*(?:/\\S+| "[^"]+"))(?: (?:from|in) \\S+ namespace)? (${ACTIONS})(?: \\((?:server |client )?dry run\\))?(?: (?:from|in) \\S+ namespace)?$`);

export const WAITING = /^Waiting for (?:deployment|daemon set|statefulset|partitioned roll out|rollout)\b.*$/i;

export const ROLLED_OUT = /^(?:[a-z][\w ]* "[^"]+" successfully rolled out|statefulset rolling update complete\b.*|partitioned roll out complete\b.*|\S+\/\S+ (?:rolled back|restarted))$/;

export const MUTATING = ['apply', 'create', 'delete', 'replace', 'patch', 'scale', 'label', 'annotate', 'set', 'expose', 'autoscale', 'wait', 'rollout', 'taint', 'cordon', 'uncordon', 'drain', 'edit'];

export const kubectlApplyClaims: ReducerClaims = {
  name: 'kubectl-apply',
  family: 'kubectl',
  intent: 'verdict',
  claims: MUTATING.flatMap((verb) => [`kubectl ${verb}`, `oc ${verb}`]),
  lane: 'internal',
  detect(probe) {
    const lines = probe.head.split('\n').filter((l) => l.trim() !== '').slice(0, 40);
    if (lines.length === 0) return 0;
    const hits = lines.filter((l) => RESULT.test(l) || WAITING.test(l) || ROLLED_OUT.test(l)).length;
    return hits >= 1 && hits >= lines.length * 0.6 ? 0.7 : 0;
  },
};

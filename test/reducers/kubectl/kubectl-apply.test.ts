import { describe, expect, it } from 'vitest';
import { kubectlApplyReducer } from '../../../src/reducers/kubectl/kubectl-apply.js';
import { run, text } from './kube-helpers.js';

describe('kubectl-apply', () => {
  it('counts per-resource results and keeps a success tiny', () => {
    const out = 'namespace/shop unchanged\ndeployment.apps/web configured\nservice/web created\npod "old-1" deleted from shop namespace\nconfigmap/cfg created (server dry run)\n';
    const parts = run(kubectlApplyReducer, ['kubectl', 'apply', '-f', 'k8s/'], out);
    expect(parts.status).toBe('ok');
    expect(parts.fields.actions).toEqual({ created: 2, configured: 1, deleted: 1, unchanged: 1 });
    expect(parts.fields.changed).toEqual(['deployment.apps/web configured', 'service/web created', 'pod/old-1 deleted', 'configmap/cfg created']);
  });

  it('makes the server error the outcome', () => {
    const parts = run(kubectlApplyReducer, ['kubectl', 'apply', '-f', 'k8s/'], 'service/web unchanged\n', { stderr: 'Error from server (Invalid): error when creating "k8s/api.yaml": Deployment.apps "api" is invalid: spec.replicas: Invalid value: -1: must be greater than or equal to 0\n', exit: 1 });
    expect(parts.status).toBe('fail');
    expect(text(parts)).toMatch(/^1 kubectl error \(Invalid\): Error from server \(Invalid\)/);
    expect(parts.citations.find((c) => c.priority === 'mandatory')).toMatchObject({ stream: 'stderr', from: 1 });
  });

  it('reports a rollout that timed out with its last progress line', () => {
    const out = 'Waiting for deployment "api" rollout to finish: 1 of 3 updated replicas are available...\nWaiting for deployment "api" rollout to finish: 2 of 3 updated replicas are available...\n';
    const parts = run(kubectlApplyReducer, ['kubectl', 'rollout', 'status', 'deploy/api'], out, { stderr: 'error: timed out waiting for the condition\n', exit: 1 });
    expect(parts.fields.rollout).toBe('failed');
    expect(text(parts)).toContain('rollout did not finish: Waiting for deployment "api" rollout to finish: 2 of 3');
    expect(parts.citations.find((c) => c.label?.startsWith('last of'))).toMatchObject({ from: 2, priority: 'mandatory' });
  });

  it('reports a finished rollout', () => {
    const parts = run(kubectlApplyReducer, ['kubectl', 'rollout', 'status', 'deploy/api'], 'Waiting for deployment "api" rollout to finish: 2 of 3 updated replicas are available...\ndeployment "api" successfully rolled out\n');
    expect(parts.status).toBe('ok');
    expect(parts.fields.rollout).toBe('complete');
    const oc = run(kubectlApplyReducer, ['oc', 'rollout', 'status', 'dc/api'], 'Waiting for rollout to finish: 1 out of 2 new replicas have been updated...\nreplication controller "api-3" successfully rolled out\n');
    expect(oc.fields.rollout).toBe('complete');
  });
});

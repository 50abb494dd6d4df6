import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { kubectlDescribeReducer } from '../../src/reducers/kubectl-describe.js';
import { run, text } from './kube-helpers.js';

const fixture = (name: string): string => fs.readFileSync(path.resolve(__dirname, '../../fixtures/kubectl', name, 'stdout'), 'utf8');

describe('kubectl-describe', () => {
  it('detects describe output from its layout', () => {
    expect(kubectlDescribeReducer.detect({ argv: [], head: fixture('describe-pod-oomkilled'), stderrHead: '' })).toBeGreaterThanOrEqual(0.9);
    expect(kubectlDescribeReducer.detect({ argv: [], head: 'Name: Alice\nAge: 31\n', stderrHead: '' })).toBe(0);
  });

  it('reads last state, reason and exit code, the limits behind an OOM kill, and warning events', () => {
    const parts = run(kubectlDescribeReducer, ['kubectl', 'describe', 'pod', 'checkout-api-6d9f7b8c4d-q2w8r'], fixture('describe-pod-oomkilled'));
    expect(parts.status).toBe('fail');
    expect(parts.fields.containers).toEqual(['app: Waiting CrashLoopBackOff, last Terminated OOMKilled (exit 137), restarts 14, not ready']);
    expect(parts.fields.warningEvents).toEqual([expect.stringMatching(/^BackOff ×61: Back-off restarting failed container app/)]);
    const labels = parts.citations.map((c) => c.label);
    expect(labels).toContain('container app');
    expect(labels).toContain('limits and requests of app');
    expect(parts.citations.find((c) => c.label === 'container app')).toMatchObject({ from: 22, to: 30, priority: 'mandatory' });
  });

  it('cites the node selector of a pod that cannot be scheduled', () => {
    const parts = run(kubectlDescribeReducer, ['kubectl', 'describe', 'pod', 'x'], fixture('describe-pod-pending'));
    expect(parts.fields.status).toBe('Pending');
    expect(parts.citations.map((c) => c.label)).toEqual(expect.arrayContaining(['status', 'condition PodScheduled', 'node selector']));
    expect(text(parts)).toContain('FailedScheduling ×26');
  });

  it('gives one bullet per object with problems when several are described', () => {
    const parts = run(kubectlDescribeReducer, ['kubectl', 'describe', 'pods'], fixture('describe-pods-namespace'));
    expect(parts.fields.objects).toBe(5);
    expect(parts.fields.problemObjects).toBe(3);
    expect((parts.fields.problems as string[])[0]).toMatch(/^shop\/checkout-api-6d9f7b8c4d-q2w8r: Status Running; app: Waiting CrashLoopBackOff/);
  });

  it('keeps a healthy object ok and small', () => {
    const healthy = 'Name:         web-1\nNamespace:    shop\nStatus:       Running\nContainers:\n  app:\n    State:          Running\n      Started:      Sat, 21 Nov 2026 10:00:00 +0000\n    Ready:          True\n    Restart Count:  0\nConditions:\n  Type              Status\n  Ready             True \nEvents:                      <none>\n';
    const parts = run(kubectlDescribeReducer, ['kubectl', 'describe', 'pod', 'web-1'], healthy);
    expect(parts.status).toBe('ok');
    expect(text(parts)).toBe('shop/web-1: Status Running');
    expect(parts.citations).toHaveLength(0);
  });

  it('reads deployment replicas and conditions', () => {
    const deploy = 'Name:                   api\nNamespace:              shop\nReplicas:               3 desired | 3 updated | 3 total | 1 available | 2 unavailable\nConditions:\n  Type           Status  Reason\n  ----           ------  ------\n  Available      False   MinimumReplicasUnavailable\n  Progressing    True    ReplicaSetUpdated\nEvents:          <none>\n';
    const parts = run(kubectlDescribeReducer, ['kubectl', 'describe', 'deploy', 'api'], deploy);
    expect(parts.status).toBe('warn');
    expect(text(parts)).toContain('Replicas 3 desired | 3 updated | 3 total | 1 available | 2 unavailable');
    expect(text(parts)).toContain('conditions not met: Available=False MinimumReplicasUnavailable');
  });
});

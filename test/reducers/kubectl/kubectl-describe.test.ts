import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { kubectlDescribeReducer } from '../../../src/reducers/kubectl/kubectl-describe.js';
import { run, text } from './kube-helpers.js';

const fixture = (name: string): string => fs.readFileSync(path.resolve(__dirname, '../../../fixtures/kubectl', name, 'stdout'), 'utf8');

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

  it('flags node pressure conditions, keeping their reason and message', () => {
    const node = NODE;
    const parts = run(kubectlDescribeReducer, ['kubectl', 'describe', 'node', 'n1'], node);
    expect(parts.status).toBe('fail');
    expect(text(parts)).toContain('conditions not met: MemoryPressure=True KubeletHasInsufficientMemory kubelet has insufficient memory available');
    expect(parts.citations.map((c) => c.label)).toEqual(['condition MemoryPressure', 'Warning EvictionThresholdMet ×3']);
  });

  it('reads a job whose pods failed', () => {
    const job = 'Name:             nightly-report-28391\nNamespace:        batch\nParallelism:      1\nCompletions:      1\nPods Statuses:    0 Active (0 Ready) / 0 Succeeded / 4 Failed\nConditions:\n  Type     Status  Reason\n  ----     ------  ------\n  Failed   True    BackoffLimitExceeded\nEvents:\n  Type     Reason                Age   From            Message\n  ----     ------                ----  ----            -------\n  Warning  BackoffLimitExceeded  2m    job-controller  Job has reached the specified backoff limit\n';
    const parts = run(kubectlDescribeReducer, ['kubectl', 'describe', 'job', 'nightly-report-28391'], job);
    expect(parts.status).toBe('fail');
    expect(text(parts)).toContain('batch/nightly-report-28391: described; Pods 0 Active (0 Ready) / 0 Succeeded / 4 Failed');
    expect(text(parts)).toContain('conditions not met: Failed=True BackoffLimitExceeded');
    expect(parts.fields.warningEvents).toEqual(['BackoffLimitExceeded: Job has reached the specified backoff limit']);
  });

  it('reads deployment replicas and conditions', () => {
    const deploy = 'Name:                   api\nNamespace:              shop\nReplicas:               3 desired | 3 updated | 3 total | 1 available | 2 unavailable\nConditions:\n  Type           Status  Reason\n  ----           ------  ------\n  Available      False   MinimumReplicasUnavailable\n  Progressing    True    ReplicaSetUpdated\nEvents:          <none>\n';
    const parts = run(kubectlDescribeReducer, ['kubectl', 'describe', 'deploy', 'api'], deploy);
    expect(parts.status).toBe('warn');
    expect(text(parts)).toContain('Replicas 3 desired | 3 updated | 3 total | 1 available | 2 unavailable');
    expect(text(parts)).toContain('conditions not met: Available=False MinimumReplicasUnavailable');
  });
});

const NODE = `Name:               gke-prod-pool-1-8c1f2d3e-x7k2
Roles:              <none>
Labels:             kubernetes.io/hostname=gke-prod-pool-1-8c1f2d3e-x7k2
Annotations:        node.alpha.kubernetes.io/ttl: 0
CreationTimestamp:  Tue, 22 Sep 2026 08:14:02 +0000
Taints:             node.kubernetes.io/memory-pressure:NoSchedule
Unschedulable:      false
Conditions:
  Type                 Status  LastHeartbeatTime                 LastTransitionTime                Reason                       Message
  ----                 ------  -----------------                 ------------------                ------                       -------
  NetworkUnavailable   False   Tue, 22 Sep 2026 08:14:40 +0000   Tue, 22 Sep 2026 08:14:40 +0000   RouteCreated                 NodeController create implicit route
  MemoryPressure       True    Sat, 21 Nov 2026 21:40:12 +0000   Sat, 21 Nov 2026 21:31:02 +0000   KubeletHasInsufficientMemory kubelet has insufficient memory available
  DiskPressure         False   Sat, 21 Nov 2026 21:40:12 +0000   Tue, 22 Sep 2026 08:14:02 +0000   KubeletHasNoDiskPressure     kubelet has no disk pressure
  PIDPressure          False   Sat, 21 Nov 2026 21:40:12 +0000   Tue, 22 Sep 2026 08:14:02 +0000   KubeletHasSufficientPID      kubelet has sufficient PID available
  Ready                True    Sat, 21 Nov 2026 21:40:12 +0000   Tue, 22 Sep 2026 08:14:33 +0000   KubeletReady                 kubelet is posting ready status
Addresses:
  InternalIP:  10.128.0.14
Capacity:
  cpu:                4
  memory:             16393220Ki
Allocatable:
  cpu:                3920m
  memory:             13849604Ki
Non-terminated Pods:          (2 in total)
  Namespace                   Name                             CPU Requests  CPU Limits  Memory Requests  Memory Limits  Age
  ---------                   ----                             ------------  ----------  ---------------  -------------  ---
  shop                        checkout-api-6d9f7b8c4d-q2w8r    250m (6%)     0 (0%)      128Mi (0%)       128Mi (0%)     3d
  batch                       ingest-worker-7c9f6d5b8-e0ddm    100m (2%)     0 (0%)      256Mi (1%)       256Mi (1%)     3d
Allocated resources:
  (Total limits may be over 100 percent, i.e., overcommitted.)
  Resource           Requests      Limits
  --------           --------      ------
  cpu                3650m (93%)   0 (0%)
  memory             13012Mi (96%) 13312Mi (98%)
Events:
  Type     Reason                     Age                From     Message
  ----     ------                     ----               ----     -------
  Warning  EvictionThresholdMet       9m (x3 over 40m)   kubelet  Attempting to reclaim memory
  Normal   NodeHasInsufficientMemory  9m                 kubelet  Node gke-prod-pool-1-8c1f2d3e-x7k2 status is now: NodeHasInsufficientMemory
`;

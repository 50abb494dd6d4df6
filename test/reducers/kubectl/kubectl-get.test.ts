import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { kubectlGetReducer } from '../../../src/reducers/kubectl/kubectl-get.js';
import { parseHeader, podHealth, splitRow } from '../../../src/reducers/kubectl/kube.js';
import { run, text } from './kube-helpers.js';

const TABLE = `NAMESPACE     NAME                         READY   STATUS             RESTARTS       AGE
kube-system   coredns-5d78c9869d-4xk2p     1/1     Running            0              12d
shop          api-7f9c6d8b4-x2x9z          0/1     CrashLoopBackOff   7 (2m ago)     1h
shop          api-7f9c6d8b4-q8w2e          0/1     CrashLoopBackOff   7 (3m ago)     1h
shop          worker-6b8d9f7c5-mm2lp       1/1     Running            3 (1d ago)     4d
shop          migrate-x7k2p                0/1     Completed          0              4d
shop          cache-0                      0/1     Pending            0              5m
`;

describe('kubectl table parsing', () => {
  it('cuts rows at the header columns, keeping cells with single spaces', () => {
    const lines = TABLE.split('\n');
    const header = parseHeader(lines[0]!, 1)!;
    expect(header.names).toEqual(['NAMESPACE', 'NAME', 'READY', 'STATUS', 'RESTARTS', 'AGE']);
    expect(splitRow(header, lines[2]!)).toEqual(['shop', 'api-7f9c6d8b4-x2x9z', '0/1', 'CrashLoopBackOff', '7 (2m ago)', '1h']);
  });
  it('keeps multi-word column names together', () => {
    expect(parseHeader('NAME   READY   NOMINATED NODE   READINESS GATES', 1)!.names).toEqual(['NAME', 'READY', 'NOMINATED NODE', 'READINESS GATES']);
  });
});

describe('kubectl-get', () => {
  it('counts pods by status and lists failing, not ready and restarted ones', () => {
    const parts = run(kubectlGetReducer, ['kubectl', 'get', 'pods', '-A'], TABLE);
    expect(parts.status).toBe('fail');
    expect(parts.fields.byStatus).toEqual({ Running: 2, CrashLoopBackOff: 2, Completed: 1, Pending: 1 });
    expect(parts.fields.problems).toEqual(['shop/api-7f9c6d8b4-x2x9z 0/1 CrashLoopBackOff restarts 7 (2m ago)', 'shop/api-7f9c6d8b4-q8w2e 0/1 CrashLoopBackOff restarts 7 (3m ago)', 'shop/cache-0 0/1 Pending restarts 0']);
    expect(parts.fields.restarted).toEqual(['shop/worker-6b8d9f7c5-mm2lp restarts 3 (1d ago)']);
    // The two pods of one workload in one status are cited once; the Completed job pod is fine.
    const cited = parts.citations.filter((c) => 'from' in c && c.label?.startsWith('failing'));
    expect(cited).toHaveLength(1);
    expect(cited[0]!.priority).toBe('mandatory');
  });

  it('keeps an all-healthy table tiny and ok', () => {
    const parts = run(kubectlGetReducer, ['kubectl', 'get', 'pods'], 'NAME    READY   STATUS    RESTARTS   AGE\nweb-1   1/1     Running   0          3d\n');
    expect(parts.status).toBe('ok');
    expect(parts.citations).toHaveLength(0);
    expect(text(parts)).toBe('1 pod: 1 Running');
  });

  it('judges other kinds by READY x/y and STATUS', () => {
    const nodes = 'NAME     STATUS     ROLES           AGE   VERSION\nnode-1   Ready      control-plane   30d   v1.31.2\nnode-2   NotReady   <none>          30d   v1.31.2\n';
    const parts = run(kubectlGetReducer, ['kubectl', 'get', 'nodes'], nodes);
    expect(parts.status).toBe('fail');
    expect(parts.fields.problems).toEqual(['node-2 NotReady']);
    const deploys = 'NAME   READY   UP-TO-DATE   AVAILABLE   AGE\nweb    3/3     3            3           9d\napi    1/3     3            1           9d\n';
    expect(run(kubectlGetReducer, ['kubectl', 'get', 'deploy'], deploys).fields.problems).toEqual(['api 1/3']);
  });

  it('reads every table of `get all` and cites only the headers of tables with problems', () => {
    const all = [
      'NAME                       READY   STATUS             RESTARTS      AGE',
      'pod/web-5f8d9c7b6-h7j2k    1/1     Running            0             3d',
      'pod/api-6d9f7b8c4d-q2w8r   0/1     CrashLoopBackOff   14 (6m ago)   3d',
      '',
      'NAME          TYPE        CLUSTER-IP   EXTERNAL-IP   PORT(S)   AGE',
      'service/web   ClusterIP   10.96.12.7   <none>        80/TCP    30d',
      '',
      'NAME                             DESIRED   CURRENT   READY   AGE',
      'replicaset.apps/api-6d9f7b8c4d   1         1         0       3d',
    ].join('\n');
    const parts = run(kubectlGetReducer, ['kubectl', 'get', 'all'], all + '\n');
    expect(parts.fields).toMatchObject({ pods: 2, resources: 4 });
    expect(parts.fields.problems).toEqual(['pod/api-6d9f7b8c4d-q2w8r 0/1 CrashLoopBackOff restarts 14 (6m ago)', 'replicaset.apps/api-6d9f7b8c4d 0']);
    const headers = parts.citations.filter((c) => c.label === 'table header').map((c) => ('from' in c ? c.from : 0));
    expect(headers).toEqual([1, 8]);
  });

  it('reports kubectl errors on stderr as the outcome', () => {
    const parts = run(kubectlGetReducer, ['kubectl', 'get', 'pods'], '', { stderr: 'Error from server (Forbidden): pods is forbidden: User "dev" cannot list resource "pods" in API group "" in the namespace "prod"\n', exit: 1 });
    expect(parts.status).toBe('fail');
    expect(text(parts)).toContain('1 kubectl error (Forbidden)');
    expect(parts.citations[0]).toMatchObject({ stream: 'stderr', from: 1, priority: 'mandatory' });
  });

  it('reads a JSON List: evicted, crash-looping and OOM-restarted pods by pointer', () => {
    const pod = (name: string, status: object): object => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'ns' }, spec: { containers: [{ name: 'c' }] }, status });
    const list = {
      apiVersion: 'v1',
      kind: 'List',
      items: [
        pod('ok-1', { phase: 'Running', containerStatuses: [{ name: 'c', ready: true, restartCount: 0, state: { running: {} } }] }),
        pod('evicted-1', { phase: 'Failed', reason: 'Evicted', message: 'The node was low on resource: memory.' }),
        pod('oom-1', { phase: 'Running', containerStatuses: [{ name: 'c', ready: true, restartCount: 4, state: { running: {} }, lastState: { terminated: { reason: 'OOMKilled', exitCode: 137 } } }] }),
        pod('crash-1', { phase: 'Running', containerStatuses: [{ name: 'c', ready: false, restartCount: 9, state: { waiting: { reason: 'CrashLoopBackOff' } } }] }),
      ],
    };
    const parts = run(kubectlGetReducer, [], JSON.stringify(list, null, 2));
    expect(parts.fields.byStatus).toEqual({ CrashLoopBackOff: 1, Evicted: 1, Running: 2 });
    expect((parts.fields.problems as string[]).join('\n')).toContain('ns/evicted-1 0/1 Evicted restarts 0 (message: The node was low on resource: memory.');
    expect((parts.fields.restarted as string[])[0]).toContain('last terminated OOMKilled (exit 137)');
    const pointers = parts.citations.filter((c) => 'pointer' in c).map((c) => ('pointer' in c ? c.pointer : ''));
    expect(pointers).toEqual(['/items/1', '/items/3', '/items/2']);
  });

  it('reads a pretty JSON List item by item when the whole is too large for json()', () => {
    const json = fs.readFileSync(path.resolve(__dirname, '../../../fixtures/kubectl/get-pods-json-large/stdout'), 'utf8');
    const parts = run(kubectlGetReducer, ['kubectl', 'get', 'pods', '-o', 'json'], json, { noJson: true });
    expect(parts.fields.pods).toBe(100);
    expect(parts.fields.byStatus).toEqual({ Running: 99, ImagePullBackOff: 1 });
    expect((parts.fields.problems as string[])[0]).toMatch(/^batch\/ingest-worker-7c9f6d5b8-e7u8e 0\/1 ImagePullBackOff/);
    expect((parts.fields.restarted as string[])[0]).toContain('last terminated OOMKilled (exit 137)');
    expect(parts.citations.every((c) => 'from' in c)).toBe(true);
  });

  it('counts rendered manifests (kustomize output, no status) by kind and judges none of them not ready', () => {
    const manifests = `apiVersion: v1
kind: Service
metadata:
  name: prod-api
  namespace: shop-prod
spec:
  ports:
  - port: 80
---
apiVersion: apps/v1
kind: Deployment
metadata:
  name: prod-api
  namespace: shop-prod
spec:
  replicas: 6
  template:
    spec:
      containers:
      - image: registry.internal/api:1.0.0
        name: api
---
apiVersion: apps/v1
kind: Deployment
metadata:
  name: prod-worker
spec:
  replicas: 3
status: {}
`;
    const parts = run(kubectlGetReducer, ['kubectl', 'kustomize', 'overlays/prod'], manifests);
    expect(parts.status).toBe('ok');
    expect(parts.fields.kinds).toEqual({ Service: 1, Deployment: 2 });
    expect(parts.fields.problems).toBeUndefined();
  });

  it('streams a YAML List item by item and cites the status lines', () => {
    const yaml = `apiVersion: v1
items:
- apiVersion: v1
  kind: Pod
  metadata:
    name: web-1
    namespace: shop
  status:
    containerStatuses:
    - name: app
      ready: false
      restartCount: 5
      state:
        waiting:
          message: back-off 2m40s restarting failed container=app pod=web-1_shop(abc)
          reason: CrashLoopBackOff
    phase: Running
- apiVersion: v1
  kind: Pod
  metadata:
    name: web-2
    namespace: shop
  status:
    containerStatuses:
    - name: app
      ready: true
      restartCount: 0
      state:
        running:
          startedAt: "2026-11-20T10:00:00Z"
    phase: Running
kind: List
metadata:
  resourceVersion: ""
`;
    const parts = run(kubectlGetReducer, ['kubectl', 'get', 'pods', '-o', 'yaml'], yaml);
    expect(parts.fields.pods).toBe(2);
    expect(parts.fields.byStatus).toEqual({ CrashLoopBackOff: 1, Running: 1 });
    const lines = parts.citations.filter((c) => 'from' in c).map((c) => ('from' in c ? [c.from, c.to] : []));
    expect(lines).toEqual([[6, 7], [12, 17]]);
  });
});

describe('other kinds from JSON and YAML', () => {
  it('flags a Deployment short of ready replicas with its failed conditions', () => {
    const list = {
      apiVersion: 'v1',
      kind: 'List',
      items: [
        { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web', namespace: 'shop' }, spec: { replicas: 2 }, status: { readyReplicas: 2, conditions: [{ type: 'Available', status: 'True' }] } },
        { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'api', namespace: 'shop' }, spec: { replicas: 3 }, status: { readyReplicas: 1, unavailableReplicas: 2, conditions: [{ type: 'Progressing', status: 'False', reason: 'ProgressDeadlineExceeded', message: 'ReplicaSet "api-6d9f" has timed out progressing.' }] } },
      ],
    };
    const parts = run(kubectlGetReducer, ['kubectl', 'get', 'deploy', '-o', 'json'], JSON.stringify(list, null, 2));
    expect(parts.status).toBe('fail');
    expect(parts.fields.kinds).toEqual({ Deployment: 2 });
    expect(parts.fields.problems).toEqual(['Deployment/shop/api 1/3 ready; 2 unavailable; Progressing=False ProgressDeadlineExceeded: ReplicaSet "api-6d9f" has timed out progressing.']);
    expect(parts.citations[0]).toMatchObject({ pointer: '/items/1', priority: 'mandatory' });
  });

  it('flags a NotReady node in YAML and cites its condition lines', () => {
    const yaml = ['apiVersion: v1', 'kind: Node', 'metadata:', '  name: node-2', 'status:', '  conditions:', '  - message: Kubelet stopped posting node status.', '    reason: NodeStatusUnknown', '    status: Unknown', '    type: Ready', ''].join('\n');
    const parts = run(kubectlGetReducer, ['kubectl', 'get', 'node', 'node-2', '-o', 'yaml'], yaml);
    expect(parts.fields.problems).toEqual(['Node/node-2 Ready=Unknown NodeStatusUnknown: Kubelet stopped posting node status.']);
    expect(parts.citations.map((c) => ('from' in c ? [c.from, c.to] : []))).toEqual([[4, 10]]);
  });
});

describe('podHealth', () => {
  it('shows what kubectl shows in STATUS: init container failures first', () => {
    const h = podHealth({ metadata: { name: 'p' }, spec: { containers: [{ name: 'c' }] }, status: { phase: 'Pending', initContainerStatuses: [{ name: 'init', ready: false, restartCount: 3, state: { waiting: { reason: 'CrashLoopBackOff' } } }], containerStatuses: [{ name: 'c', ready: false, restartCount: 0, state: { waiting: { reason: 'PodInitializing' } } }] } });
    expect(h.status).toBe('Init:CrashLoopBackOff');
    expect(h.severity).toBe(2);
    expect(h.restarts).toBe(3);
  });
  it('says why an unscheduled pod waits', () => {
    const h = podHealth({ metadata: { name: 'p' }, spec: { containers: [{ name: 'c' }] }, status: { phase: 'Pending', conditions: [{ type: 'PodScheduled', status: 'False', reason: 'Unschedulable', message: '0/3 nodes are available' }] } });
    expect(h.ready).toBe('0/1');
    expect(h.message).toBe('Unschedulable: 0/3 nodes are available');
  });
});

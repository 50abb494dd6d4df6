import { describe, expect, it } from 'vitest';
import { YamlItemStream, type YamlItem } from '../../../src/reducers/kubectl/kube-yaml.js';

function items(text: string): YamlItem[] {
  const out: YamlItem[] = [];
  const stream = new YamlItemStream((item) => out.push(item));
  text.replace(/\n$/, '').split('\n').forEach((line, i) => stream.line(i + 1, line));
  stream.end();
  return out;
}

describe('YamlItemStream', () => {
  it('hands on each List item alone, with the line of every value', () => {
    const got = items(`apiVersion: v1
items:
- apiVersion: v1
  kind: Pod
  metadata:
    annotations:
      kubectl.kubernetes.io/last-applied-configuration: |
        {"apiVersion":"v1","kind":"Pod"}
    labels: {}
    name: a
  spec:
    containers:
    - args:
      - --port=8080
      - --verbose
      image: nginx
      name: web
- apiVersion: v1
  kind: Pod
  metadata:
    name: b
kind: List
metadata:
  resourceVersion: ""
`);
    expect(got).toHaveLength(2);
    expect(got[0]!.doc).toEqual({
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { annotations: { 'kubectl.kubernetes.io/last-applied-configuration': '{"apiVersion":"v1","kind":"Pod"}' }, labels: {}, name: 'a' },
      spec: { containers: [{ args: ['--port=8080', '--verbose'], image: 'nginx', name: 'web' }] },
    });
    expect(got[0]!.lineOf.get('/metadata/name')).toBe(10);
    expect(got[0]!.lineOf.get('/spec/containers/0/image')).toBe(16);
    expect([got[1]!.from, got[1]!.to]).toEqual([18, 21]);
  });

  it('joins wrapped plain and quoted strings and reads numbers and booleans', () => {
    const [item] = items(`apiVersion: v1
kind: Pod
status:
  conditions:
  - message: '0/3 nodes are available: 3 node(s) didn''t match Pod''s node affinity/selector.
      preemption: 0/3 nodes are available.'
    status: "False"
    type: PodScheduled
  containerStatuses:
  - ready: false
    restartCount: 14
    state:
      waiting:
        message: back-off 5m0s restarting failed container=app pod=checkout-api-6d9f7b8c4d-q2w8r_shop(6f1c2a4e)
          and more text on a wrapped line
        reason: CrashLoopBackOff
`);
    const status = (item!.doc as { status: Record<string, unknown> }).status;
    expect(status.conditions).toEqual([{ message: "0/3 nodes are available: 3 node(s) didn't match Pod's node affinity/selector. preemption: 0/3 nodes are available.", status: 'False', type: 'PodScheduled' }]);
    expect(status.containerStatuses).toEqual([{ ready: false, restartCount: 14, state: { waiting: { message: 'back-off 5m0s restarting failed container=app pod=checkout-api-6d9f7b8c4d-q2w8r_shop(6f1c2a4e) and more text on a wrapped line', reason: 'CrashLoopBackOff' } } }]);
  });

  it('treats each --- document as an object', () => {
    const got = items('apiVersion: v1\nkind: Service\nmetadata:\n  name: a\n---\napiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: b\n');
    expect(got.map((i) => (i.doc as { kind: string }).kind)).toEqual(['Service', 'Deployment']);
  });
});

import { describe, expect, it } from 'vitest';
import { kubectlEventsReducer } from '../../../src/reducers/kubectl/kubectl-events.js';
import { run } from './kube-helpers.js';

const EVENTS = `LAST SEEN               TYPE      REASON      OBJECT                    MESSAGE
58m                     Normal    Scheduled   Pod/api-7f9c6d8b4-x2x9z   Successfully assigned shop/api-7f9c6d8b4-x2x9z to node-1
3m30s (x256 over 58m)   Warning   BackOff     Pod/api-7f9c6d8b4-x2x9z   Back-off restarting failed container app in pod api-7f9c6d8b4-x2x9z_shop(0d9c)
2m (x4 over 9m)         Warning   Unhealthy   Pod/web-1                 Readiness probe failed: HTTP probe failed with statuscode: 503
1m (x2 over 3m)         Warning   Unhealthy   Pod/web-1                 Readiness probe failed: HTTP probe failed with statuscode: 500
`;

describe('kubectl-events', () => {
  it('detects the event table from its header, also with NAMESPACE first', () => {
    expect(kubectlEventsReducer.detect({ argv: [], head: EVENTS, stderrHead: '' })).toBe(0.9);
    expect(kubectlEventsReducer.detect({ argv: [], head: 'NAMESPACE   LAST SEEN   TYPE      REASON   OBJECT   MESSAGE\n', stderrHead: '' })).toBe(0.9);
  });

  it('groups warning events by reason and object with kubectl repeat counts', () => {
    const parts = run(kubectlEventsReducer, ['kubectl', 'events'], EVENTS);
    expect(parts.status).toBe('fail');
    expect(parts.fields.eventTypes).toEqual({ Normal: 1, Warning: 3 });
    // The two Unhealthy messages differ only in a number: one group, counts added.
    expect(parts.fields.warningEvents).toEqual(['BackOff Pod/api-7f9c6d8b4-x2x9z ×256: Back-off restarting failed container app in pod api-7f9c6d8b4-x2x9z_shop(0d9c)', 'Unhealthy Pod/web-1 ×6: Readiness probe failed: HTTP probe failed with statuscode: 503']);
    expect(parts.citations.map((c) => ('from' in c ? c.from : 0))).toEqual([3, 4]);
  });

  it('reads the old layout with a COUNT column', () => {
    const old = 'LAST SEEN   FIRST SEEN   COUNT   NAME        KIND   SUBOBJECT   TYPE      REASON    SOURCE    MESSAGE\n1m          1h           42      web-1.17f   Pod                Warning   BackOff   kubelet   Back-off restarting failed container\n';
    expect(run(kubectlEventsReducer, ['kubectl', 'get', 'events'], old).fields.warningEvents).toEqual(['BackOff Pod/web-1.17f ×42: Back-off restarting failed container']);
  });

  it('is ok when only Normal events happened', () => {
    const parts = run(kubectlEventsReducer, ['kubectl', 'events'], EVENTS.split('\n').slice(0, 2).join('\n') + '\n');
    expect(parts.status).toBe('ok');
    expect(parts.citations).toHaveLength(0);
  });

  it('reads an EventList from -o json and cites warnings by pointer', () => {
    const list = { kind: 'EventList', apiVersion: 'v1', items: [{ kind: 'Event', type: 'Warning', reason: 'FailedMount', count: 12, message: 'MountVolume.SetUp failed for volume "certs" : secret "api-tls" not found', involvedObject: { kind: 'Pod', namespace: 'shop', name: 'api-1' } }] };
    const parts = run(kubectlEventsReducer, ['kubectl', 'get', 'events', '-o', 'json'], JSON.stringify(list));
    expect(parts.fields.warningEvents).toEqual(['FailedMount shop/Pod/api-1 ×12: MountVolume.SetUp failed for volume "certs" : secret "api-tls" not found']);
    expect(parts.citations[0]).toMatchObject({ pointer: '/items/0', priority: 'mandatory' });
  });
});

import { natsConnectParts } from './infra';

describe('natsConnectParts (NATS_URL)', () => {
  it('takes the credentials out of a single URL', () => {
    expect(natsConnectParts('nats://coordinator:p%40ss@nats.medagent.svc:4222')).toEqual({
      servers: 'nats://nats.medagent.svc:4222',
      connectOptions: { user: 'coordinator', pass: 'p@ss' },
    });
    expect(natsConnectParts('nats://127.0.0.1:4222')).toEqual({ servers: 'nats://127.0.0.1:4222' });
  });

  it('splits a comma-separated list of cluster nodes; the credentials hold for every node', () => {
    expect(natsConnectParts('nats://lead:secret@n0:4222, nats://n1:4222,nats://n2:4222')).toEqual({
      servers: ['nats://n0:4222', 'nats://n1:4222', 'nats://n2:4222'],
      connectOptions: { user: 'lead', pass: 'secret' },
    });
  });
});

import { busSemanticsSuite } from '../semantics.suite';
import { startNatsServer, type NatsServerHandle } from '@medagent/local-servers';
import { JetStreamBus } from './bus';

let server: NatsServerHandle;
beforeAll(async () => {
  server = await startNatsServer({ jetstream: true });
});
afterAll(async () => {
  await server.stop();
});

busSemanticsSuite('jetstream', async () => {
  const bus = await JetStreamBus.connect({ servers: server.url, limits: { storage: 'memory' } });
  return { bus, cleanup: () => bus.close() };
});

import { JetStreamBus } from '@medagent/bus';
import { natsConnectParts } from '@medagent/runtime';

/**
 * The CLI's connection to a running deployment. Credentials come from the URL
 * (`nats://user:pass@host`) and never appear in errors. It changes no stream or consumer:
 * the deployment's coordinator owns the topology, and the identities a person uses here
 * (`ingress` to ask and approve, `ops` to replay) may not administer streams. Without the
 * deployment's streams a publish fails at once instead of waiting for a result.
 */
export function connectCli(url: string, name: string, onError?: (e: unknown) => void): Promise<JetStreamBus> {
  return JetStreamBus.connect({ ...natsConnectParts(url), name, topologyMode: 'none', ...(onError ? { onError } : {}) });
}

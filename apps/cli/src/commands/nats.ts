import { JetStreamBus } from '@medagent/bus';
import { busIdentity, loadRuntimeConfig, natsConnectParts, type BusIdentity } from '@medagent/runtime';

/**
 * The CLI's connection to a running deployment, as one bus identity: `ingress` to ask and
 * approve, `ops` to replay and read dead letters, `admin` to re-drive them. Credentials come
 * from MEDAGENT_NATS_CREDENTIALS_DIR (<identity>.nk + trust.json, `medagent secrets init`) or
 * MEDAGENT_NATS_SEED_FILE + MEDAGENT_NATS_TRUST_FILE; what it reads is signature-checked
 * against the trust map (a forged answer is never printed). MEDAGENT_BUS_AUTH=none (logged)
 * connects with no credentials, or with a user/password in the URL, and checks nothing.
 * It changes no stream or consumer: the deployment's coordinator owns the topology.
 */
export function connectCli(url: string, name: string, identity: BusIdentity, onError?: (e: unknown) => void): Promise<JetStreamBus> {
  const id = busIdentity(loadRuntimeConfig(process.env, { natsUrl: url }), identity);
  const parts = natsConnectParts(url);
  return JetStreamBus.connect({
    ...parts,
    connectOptions: { ...(id.auth === 'none' ? parts.connectOptions : {}), ...id.connectOptions },
    security: id.security,
    name,
    topologyMode: 'none',
    ...(onError ? { onError } : {}),
  });
}

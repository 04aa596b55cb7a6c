import { secretsInit } from '@medagent/runtime';
import { parseArgs, str, UsageError } from '../args';

const HELP = `medagent secrets init --out DIR [--rotate] [--json]
  One NATS nkey per bus identity (coordinator, lead, the three workers, ingress, ops, admin):
  DIR/<identity>.nk (mode 0600; the connection credential and the event-signing key),
  DIR/trust.json (public keys), DIR/users.conf + permissions.conf + nats-server.conf for the
  server (nats-server -js -c DIR/nats-server.conf). Existing seeds are kept; --rotate makes new
  ones and keeps the previous public keys trusted until the next rotation.
  Services read DIR through MEDAGENT_NATS_CREDENTIALS_DIR (deploy/README.md).`;

/** medagent secrets init --out DIR [--rotate] [--json] */
export async function secretsCommand(argv: string[]): Promise<number> {
  const args = parseArgs(argv, ['rotate', 'json']);
  const [sub] = args.positionals;
  const out = str(args, 'out');
  if (sub !== 'init' || !out) throw new UsageError(HELP);
  const r = secretsInit({ out, rotate: args.flags['rotate'] === true });
  if (args.flags['json'] === true) {
    process.stdout.write(`${JSON.stringify(r, null, 2)}\n`);
  } else {
    for (const i of r.identities) process.stdout.write(`${i.identity.padEnd(20)} ${i.public_key}  ${i.created ? 'new' : 'kept'}\n`);
    process.stdout.write(`wrote ${r.files.join(', ')} to ${r.out}\n`);
  }
  return Promise.resolve(0);
}

import type { Bus } from '@medagent/bus';

/** Resolves false on rejection or after `ms`: a hung dependency must not hang the probe. */
export async function withTimeout(p: Promise<boolean>, ms = 2000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      p.catch(() => false),
      new Promise<boolean>((r) => {
        timer = setTimeout(() => r(false), ms);
      }),
    ]);
  } finally {
    if (timer) clearTimeout(timer);
  }
}

/**
 * The Bus port has no "is open" query; a subscribe on a subject ingress legitimately reads
 * fails fast on a closed bus (both implementations) and is allowed by the NATS permissions.
 */
export async function busOpen(bus: Bus): Promise<boolean> {
  const sub = await bus.subscribe('medagent.request.completed.coordinator', () => undefined);
  await sub.unsubscribe();
  return true;
}

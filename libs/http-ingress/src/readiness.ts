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
 * Ready only while the broker is reachable: during an outage the client keeps reconnecting
 * and a subscribe would still succeed locally, but no publish could be confirmed.
 */
export function busOpen(bus: Bus): Promise<boolean> {
  return Promise.resolve(bus.connectionState() === 'connected');
}

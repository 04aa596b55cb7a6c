import type { NatsConnection } from '@nats-io/transport-node';

interface CorkableSocket {
  cork(): void;
  uncork(): void;
  writableCorked: number;
  destroyed: boolean;
}

/**
 * nats.js flushes its outbound buffer once per microtask, so a busy service (the
 * coordinator: KV updates, publishes, acks and pulls from many concurrent handlers) issues
 * one socket write per flush: a fifth of its CPU went to write syscalls under load. Corking
 * the socket until the end of the current event-loop turn sends everything queued in that
 * turn with one writev, in the same order. Correctness does not depend on it: when the
 * internals are not where this expects (another nats.js version, a reconnect's new
 * socket before the next patch), writes simply go out uncorked.
 *
 * Reaches into nats.js internals (`protocol.transport.socket`); see docs/perf/README.md.
 */
export function coalesceWrites(nc: NatsConnection): boolean {
  const socket = socketOf(nc);
  if (!socket) return false;
  patch(socket);
  // A reconnect dials a new socket: patch that one too.
  void (async () => {
    for await (const s of nc.status()) {
      if (s.type === 'reconnect') {
        const fresh = socketOf(nc);
        if (fresh) patch(fresh);
      }
    }
  })().catch(() => undefined);
  return true;
}

const patched = new WeakSet<object>();

function socketOf(nc: NatsConnection): (CorkableSocket & { write: (...a: unknown[]) => boolean }) | undefined {
  const s = (nc as unknown as { protocol?: { transport?: { socket?: unknown } } }).protocol?.transport?.socket as
    | (CorkableSocket & { write: (...a: unknown[]) => boolean })
    | undefined;
  return s && typeof s.cork === 'function' && typeof s.write === 'function' ? s : undefined;
}

function patch(socket: CorkableSocket & { write: (...a: unknown[]) => boolean }): void {
  if (patched.has(socket)) return;
  patched.add(socket);
  const write = socket.write.bind(socket);
  let corked = false;
  socket.write = (...args: unknown[]) => {
    if (!corked && !socket.destroyed) {
      corked = true;
      socket.cork();
      setImmediate(() => {
        corked = false;
        if (socket.writableCorked > 0) socket.uncork();
      });
    }
    return write(...args);
  };
}

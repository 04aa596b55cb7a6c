import type { NatsConnection } from '@nats-io/transport-node';
import { coalesceWrites } from './write-coalescing';

/** A socket stand-in that records what reaches the kernel: one entry per uncorked flush. */
class FakeSocket {
  writableCorked = 0;
  destroyed = false;
  flushes: string[][] = [];
  private buffered: string[] = [];
  cork(): void {
    this.writableCorked++;
  }
  uncork(): void {
    this.writableCorked = Math.max(0, this.writableCorked - 1);
    if (this.writableCorked === 0 && this.buffered.length) this.flushes.push(this.buffered.splice(0));
  }
  write(chunk: string): boolean {
    if (this.writableCorked > 0) this.buffered.push(chunk);
    else this.flushes.push([chunk]);
    return true;
  }
}

function fakeConnection(socket: FakeSocket | undefined): NatsConnection {
  return {
    protocol: { transport: { socket } },
    status: () => ({ [Symbol.asyncIterator]: () => ({ next: () => new Promise(() => undefined) }) }),
  } as unknown as NatsConnection;
}

const turn = () => new Promise((r) => setImmediate(r));

describe('coalesceWrites', () => {
  it('sends everything written in one event-loop turn as one flush, in order', async () => {
    const s = new FakeSocket();
    expect(coalesceWrites(fakeConnection(s))).toBe(true);
    s.write('a');
    await Promise.resolve(); // a microtask boundary: nats.js would flush here
    s.write('b');
    s.write('c');
    expect(s.flushes).toEqual([]);
    await turn();
    expect(s.flushes).toEqual([['a', 'b', 'c']]);
    s.write('d');
    await turn();
    expect(s.flushes).toEqual([['a', 'b', 'c'], ['d']]);
  });

  it('leaves a connection without the expected internals alone', () => {
    expect(coalesceWrites(fakeConnection(undefined))).toBe(false);
  });
});

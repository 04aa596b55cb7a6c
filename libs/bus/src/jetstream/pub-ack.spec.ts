import { connect, headers, type NatsConnection } from '@nats-io/transport-node';
import { JetStreamApiError, jetstreamManager, PubHeaders } from '@nats-io/jetstream';
import { BusUnavailableError, isRetryable } from '@medagent/contracts';
import { Collector } from '../testing/collector';
import { startNatsServer, type NatsServerHandle } from '@medagent/local-servers';
import { parsePubAck, PubAckMux } from './pub-ack';

let server: NatsServerHandle;
let nc: NatsConnection;
const STREAM = 'PUBACK_SPEC';
const enc = (s: string): Uint8Array => new TextEncoder().encode(s);

beforeAll(async () => {
  server = await startNatsServer({ jetstream: true });
  nc = await connect({ servers: server.url });
  const jsm = await jetstreamManager(nc);
  await jsm.streams.add({ name: STREAM, subjects: ['puback.>'], storage: 'memory' });
});
afterAll(async () => {
  await nc.close();
  await server.stop();
});

describe('PubAckMux', () => {
  it('is one per connection', () => {
    expect(PubAckMux.for(nc)).toBe(PubAckMux.for(nc));
  });

  it('resolves with the stream ack, deduplicates by Nats-Msg-Id and leaves nothing pending', async () => {
    const mux = PubAckMux.for(nc);
    const h = (): ReturnType<typeof headers> => {
      const x = headers();
      x.set(PubHeaders.MsgIdHdr, 'dup-1');
      return x;
    };
    const acks = await Promise.all(Array.from({ length: 20 }, (_, i) => mux.publish(`puback.many.${i}`, enc(`m${i}`))));
    expect(new Set(acks.map((a) => a.seq)).size).toBe(20);
    expect(acks.every((a) => a.stream === STREAM && !a.duplicate)).toBe(true);
    const first = await mux.publish('puback.dup', enc('a'), h());
    const again = await mux.publish('puback.dup', enc('a'), h());
    expect(first).toMatchObject({ stream: STREAM, duplicate: false });
    expect(again).toEqual({ stream: STREAM, seq: first.seq, duplicate: true });
    expect(mux.inFlight).toBe(0);
  });

  it('surfaces a stream API error (wrong last sequence) as JetStreamApiError with its err_code', async () => {
    const mux = PubAckMux.for(nc);
    const h = headers();
    h.set(PubHeaders.ExpectedLastSubjectSequenceHdr, '999999');
    const err: unknown = await mux.publish('puback.expect', enc('x'), h).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(JetStreamApiError);
    expect((err as JetStreamApiError).code).toBe(10071);
  });

  it('fails retryably with BUS_UNAVAILABLE when no stream captures the subject (503)', async () => {
    const err: unknown = await PubAckMux.for(nc)
      .publish('nostream.here', enc('x'))
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BusUnavailableError);
    expect(isRetryable(err)).toBe(true);
    expect((err as Error).message).toMatch(/503/);
  });

  it('fails retryably when no ack arrives within the timeout', async () => {
    // A plain subscriber: the server has a responder, so no 503, but nobody ever replies.
    const silent = nc.subscribe('silent.subject');
    await nc.flush();
    const err: unknown = await PubAckMux.for(nc)
      .publish('silent.subject', enc('x'), undefined, 1)
      .catch((e: unknown) => e);
    silent.unsubscribe();
    expect(err).toBeInstanceOf(BusUnavailableError);
    expect(isRetryable(err)).toBe(true);
    expect((err as Error).message).toMatch(/no JetStream ack/);
  });

  it('rejects every pending publish when the connection closes', async () => {
    const own = await connect({ servers: server.url });
    const received = new Collector<string>();
    own.subscribe('silent.close', { callback: (_e, m) => received.push(m.subject) });
    await own.flush();
    const mux = PubAckMux.for(own);
    const pending = [mux.publish('silent.close', enc('a')), mux.publish('silent.close', enc('b'))].map((p) =>
      p.catch((e: unknown) => e),
    );
    await received.next(2);
    expect(mux.inFlight).toBe(2);
    await own.close();
    const errors = await Promise.all(pending);
    expect(errors.every((e) => e instanceof BusUnavailableError)).toBe(true);
    expect(mux.inFlight).toBe(0);
    await expect(mux.publish('puback.after', enc('x'))).rejects.toBeInstanceOf(BusUnavailableError);
  });
});

describe('parsePubAck', () => {
  it('reads a PubAck and treats a missing duplicate flag as false', () => {
    expect(parsePubAck(enc('{"stream":"S","seq":7}'), 's')).toEqual({ stream: 'S', seq: 7, duplicate: false });
    expect(parsePubAck(enc('{"stream":"S","seq":7,"duplicate":true}'), 's')).toEqual({ stream: 'S', seq: 7, duplicate: true });
  });

  it('rejects garbage and acks without a stream with INTERNAL', () => {
    expect(() => parsePubAck(enc('nope'), 's')).toThrow(expect.objectContaining({ code: 'INTERNAL' }) as Error);
    expect(() => parsePubAck(enc('{"stream":"","seq":1}'), 's')).toThrow(expect.objectContaining({ code: 'INTERNAL' }) as Error);
  });
});

import { Catch, type ArgumentsHost, type Provider, type RpcExceptionFilter } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import {
  BaseRpcContext,
  ClientProxy,
  Server,
  type CustomTransportStrategy,
  type MessageHandler,
  type ReadPacket,
  type WritePacket,
} from '@nestjs/microservices';
import { ConfigError, InternalError, MedagentError, type Envelope } from '@medagent/contracts';
import { isObservable, lastValueFrom, throwError, type Observable } from 'rxjs';
import { settleOnError } from '../common';
import type { Bus, ConsumerHandle, ConsumerSpec, Delivery, PublishAck } from '../port';

/** What `@EventPattern(subject, extras)` may carry; the pattern string is the subject filter. */
export interface BusEventExtras {
  durable: string;
  maxDeliver?: number;
  ackWaitMs?: number;
  concurrency?: number;
  backoffMs?: number[];
}

export interface BusTransportDefaults {
  maxDeliver: number;
  ackWaitMs: number;
  /** Per-durable concurrency for this whole service (configuration); wins over the decorator's. */
  concurrency?: number;
}

/** The handler's second argument (`@Ctx() ctx: BusContext`): the delivery, to nak/term/working itself. */
export class BusContext extends BaseRpcContext<[Delivery]> {
  getDelivery(): Delivery {
    return this.args[0];
  }
  getSubject(): string {
    return this.args[0].subject;
  }
}

/**
 * Nest's default RPC filter replaces any non-RpcException with `{status:'error'}`, which
 * would hide `code`/`retryable` from the retry decision. This filter hands the original
 * error back to the transport. Register it where the transport runs (BUS_EXCEPTION_FILTER
 * in the module's providers, or `useGlobalFilters`); without it every failure is retried.
 */
@Catch()
export class BusExceptionFilter implements RpcExceptionFilter<unknown> {
  catch(exception: unknown, _host: ArgumentsHost): Observable<never> {
    return throwError(() => exception);
  }
}

export const BUS_EXCEPTION_FILTER: Provider = { provide: APP_FILTER, useClass: BusExceptionFilter };

function isNestErrorShape(e: unknown): e is { status: 'error'; message?: unknown } {
  return typeof e === 'object' && e !== null && !(e instanceof Error) && (e as { status?: unknown }).status === 'error';
}

/**
 * Binds every `@EventPattern` handler to a durable bus consumer. Success acks (unless the
 * handler settled the delivery itself); a failure is settled by `settleOnError`, never
 * silently acked, which is what Nest's own handleEvent path would do.
 */
export class BusTransportServer extends Server implements CustomTransportStrategy {
  private readonly handles: ConsumerHandle[] = [];
  private warnedFilter = false;

  constructor(
    private readonly bus: Bus,
    private readonly defaults: BusTransportDefaults = { maxDeliver: 5, ackWaitMs: 30_000 },
  ) {
    super();
  }

  listen(callback: (...optionalParams: unknown[]) => unknown): void {
    this.bindAll().then(
      () => callback(),
      (e: unknown) => callback(e),
    );
  }

  private async bindAll(): Promise<void> {
    const specs: Array<{ spec: ConsumerSpec; handler: MessageHandler }> = [];
    const durables = new Set<string>();
    for (const [pattern, head] of this.messageHandlers) {
      // Nest chains several handlers of one pattern through `next`; each needs its own durable.
      for (let h: MessageHandler | undefined = head; h; h = h.next as MessageHandler | undefined) {
        if (!h.isEventHandler) {
          throw new ConfigError(`${pattern}: request-response (@MessagePattern) is not supported on the bus`);
        }
        const spec = this.specFor(pattern, h.extras);
        if (durables.has(spec.durable)) {
          throw new ConfigError(`durable ${spec.durable} is bound twice; give each handler its own durable`);
        }
        durables.add(spec.durable);
        specs.push({ spec, handler: h });
      }
    }
    for (const { spec, handler } of specs) {
      this.handles.push(await this.bus.consume(spec, (d) => this.handle(handler, d)));
    }
  }

  private specFor(pattern: string, extras: Record<string, unknown> | undefined): ConsumerSpec {
    const x = (extras ?? {}) as Partial<BusEventExtras>;
    if (typeof x.durable !== 'string' || x.durable === '') {
      throw new ConfigError(`@EventPattern('${pattern}') needs extras { durable } to bind a bus consumer`);
    }
    const spec: ConsumerSpec = {
      durable: x.durable,
      subject: pattern,
      maxDeliver: x.maxDeliver ?? this.defaults.maxDeliver,
      ackWaitMs: x.ackWaitMs ?? this.defaults.ackWaitMs,
    };
    const concurrency = this.defaults.concurrency ?? x.concurrency;
    if (concurrency !== undefined) spec.concurrency = concurrency;
    if (x.backoffMs !== undefined) spec.backoffMs = x.backoffMs;
    return spec;
  }

  private async handle(handler: MessageHandler, delivery: Delivery): Promise<void> {
    const ctx = new BusContext([delivery]);
    try {
      const result: unknown = await handler(delivery.envelope, ctx);
      // What Nest's transformToObservable would do, without building an observable of a plain
      // value per message: only an observable (an exception filter's throwError) can still fail.
      if (isObservable(result)) await lastValueFrom(result, { defaultValue: undefined });
      if (!delivery.settled) await delivery.ack();
    } catch (e) {
      await settleOnError(delivery, this.unwrapError(e));
    }
  }

  private unwrapError(e: unknown): unknown {
    if (!isNestErrorShape(e)) return e;
    if (!this.warnedFilter) {
      this.warnedFilter = true;
      this.logger.warn('BusExceptionFilter is not registered: handler errors lose their code and are retried');
    }
    // Unknown cause: retry (bounded by maxDeliver) rather than drop a possibly transient failure.
    return new MedagentError('INTERNAL', String(e.message ?? 'handler failed'), { retryable: true });
  }

  async close(): Promise<void> {
    const handles = this.handles.splice(0);
    await Promise.all(handles.map((h) => h.stop()));
  }

  on(): never {
    throw new InternalError('BusTransportServer has no broker events to listen to; observe the bus instead');
  }

  unwrap<T>(): T {
    return this.bus as unknown as T;
  }
}

/**
 * `client.emit(subject, envelope)` publishes through the bus, with the event id as msgId so
 * a re-emitted event is deduplicated. Request-response (`send`) is refused: services talk
 * in events only.
 */
export class BusClientProxy extends ClientProxy {
  constructor(private readonly bus: Bus) {
    super();
  }

  connect(): Promise<Bus> {
    return Promise.resolve(this.bus);
  }

  close(): void {
    // The bus belongs to whoever composed the app; the client must not close it.
  }

  unwrap<T>(): T {
    return this.bus as unknown as T;
  }

  protected publish(packet: ReadPacket, callback: (packet: WritePacket) => void): () => void {
    callback({ err: new ConfigError(`send(${String(packet.pattern)}): the bus carries events only; use emit`), isDisposed: true });
    return () => undefined;
  }

  protected dispatchEvent<T = PublishAck>(packet: ReadPacket): Promise<T> {
    if (typeof packet.pattern !== 'string') {
      return Promise.reject(new ConfigError('emit() needs a subject string as its pattern'));
    }
    const envelope = packet.data as Envelope;
    return this.bus.publish(packet.pattern, envelope, { msgId: envelope.event_id }) as Promise<T>;
  }
}

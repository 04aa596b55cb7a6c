import type { Envelope } from '@medagent/contracts';
import { encodeEnvelope } from '../common';
import type { Bus, BusConnectionState, ConsumerHandle, ConsumerSpec, DeadLetter, DeliveryHandler, PublishAck, PublishOptions, Subscription } from '../port';
import type { EventSigner } from '../security/signing';

/** What a view needs of the in-process bus it belongs to. */
export interface SignableBus extends Bus {
  publishSigned(subject: string, data: Uint8Array, opts: PublishOptions, signer: EventSigner | undefined): Promise<PublishAck>;
}

/**
 * One service's handle on a shared in-process bus: everything is the bus's own, except that
 * what it publishes is signed with the service's key (embedded mode with signatures on, the
 * way each service has its own connection and key in distributed mode).
 */
export class SignerView implements Bus {
  readonly kind = 'in-process' as const;

  constructor(
    private readonly bus: SignableBus,
    private readonly signer: EventSigner,
  ) {}

  connectionState(): BusConnectionState {
    return this.bus.connectionState();
  }
  onReconnect(listener: () => void): () => void {
    return this.bus.onReconnect(listener);
  }
  publish(subject: string, envelope: Envelope<object>, opts?: PublishOptions): Promise<PublishAck> {
    return this.bus.publishSigned(subject, encodeEnvelope(envelope), opts ?? {}, this.signer);
  }
  publishRaw(subject: string, data: Uint8Array, opts?: PublishOptions): Promise<PublishAck> {
    return this.bus.publishSigned(subject, data, opts ?? {}, this.signer);
  }
  consume(spec: ConsumerSpec, handler: DeliveryHandler): Promise<ConsumerHandle> {
    return this.bus.consume(spec, handler);
  }
  subscribe(subject: string, handler: (envelope: Envelope, subject: string) => void): Promise<Subscription> {
    return this.bus.subscribe(subject, handler);
  }
  subscribeDeadLetters(handler: (dl: DeadLetter) => void): Promise<Subscription> {
    return this.bus.subscribeDeadLetters(handler);
  }
  storedMsgIds(subject: string, since: Date, reader: string): Promise<Set<string>> {
    return this.bus.storedMsgIds(subject, since, reader);
  }
  storedEvents(subject: string, since: Date, reader: string): Promise<Envelope[]> {
    return this.bus.storedEvents(subject, since, reader);
  }
  /** The shared bus is closed by its owner, not by one service. */
  close(): Promise<void> {
    return Promise.resolve();
  }
}

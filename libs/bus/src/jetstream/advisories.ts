import type { ConsumerMessages, JetStreamClient, JetStreamManager } from '@nats-io/jetstream';
import type { TopologyNames } from './topology';

interface MaxDeliveriesAdvisory {
  stream?: string;
  consumer?: string;
  stream_seq?: number;
  deliveries?: number;
}

/**
 * Dead-letters messages whose last attempt expired: a SIGKILLed worker cannot dead-letter
 * its own message. The server's MAX_DELIVERIES advisories are captured by a stream (core
 * advisories are lost while nobody listens) and drained through one durable shared by every
 * bus instance, so any surviving instance, or the next one to start, handles them.
 */
export class AdvisoryWatcher {
  private messages?: ConsumerMessages;
  private loop?: Promise<void>;

  constructor(
    private readonly js: JetStreamClient,
    private readonly jsm: JetStreamManager,
    private readonly names: TopologyNames,
    private readonly onMaxDeliveries: (seq: number, consumer: string, deliveries: number) => Promise<void>,
  ) {}

  async start(onError: (e: unknown) => void): Promise<void> {
    const consumer = await this.js.consumers.get(this.names.advisoryStream, this.names.advisoryConsumer);
    const messages = await consumer.consume({ max_messages: 16 });
    this.messages = messages;
    this.loop = (async () => {
      for await (const m of messages) {
        try {
          const a = JSON.parse(new TextDecoder().decode(m.data)) as MaxDeliveriesAdvisory;
          if (a.stream === this.names.stream && typeof a.stream_seq === 'number' && typeof a.consumer === 'string') {
            await this.onMaxDeliveries(a.stream_seq, a.consumer, a.deliveries ?? 0);
          }
          m.ack();
        } catch (e) {
          onError(e);
          m.nak(1000);
        }
      }
    })();
  }

  async stop(): Promise<void> {
    await this.messages?.close();
    await this.loop;
  }

  /** For diagnostics: advisories still waiting to be turned into dead letters. */
  async backlog(): Promise<number> {
    const info = await this.jsm.consumers.info(this.names.advisoryStream, this.names.advisoryConsumer);
    return info.num_pending + info.num_ack_pending;
  }
}

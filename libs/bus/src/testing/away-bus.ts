import { InProcessBus } from '../in-process/bus';

/**
 * An in-process bus whose connection can be "away" (subclasses decide what it misses
 * meanwhile) and come back: `reconnect()` clears `away` and runs the `onReconnect` listeners,
 * as a JetStream connection does when it is restored.
 */
export class AwayInProcessBus extends InProcessBus {
  away = false;
  private readonly reconnectListeners = new Set<() => void>();
  override onReconnect(listener: () => void): () => void {
    this.reconnectListeners.add(listener);
    return () => this.reconnectListeners.delete(listener);
  }
  reconnect(): void {
    this.away = false;
    for (const l of this.reconnectListeners) l();
  }
}

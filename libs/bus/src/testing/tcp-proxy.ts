import { createConnection, createServer, type Server, type Socket } from 'node:net';

/**
 * A loopback TCP relay in front of a real server, so a test can take one client's network
 * away while the server and every other client carry on (a broker outage takes everyone).
 * `cut()` drops the relayed connections and refuses new ones until `restore()`.
 */
export class TcpProxy {
  private readonly sockets = new Set<Socket>();
  private refusing = false;
  private readonly server: Server;
  private listening = 0;

  private constructor(private readonly target: { host: string; port: number }) {
    this.server = createServer((client) => this.relay(client));
  }

  /** Listens on a free loopback port and relays every connection to `target`. */
  static async start(target: { host: string; port: number }): Promise<TcpProxy> {
    const proxy = new TcpProxy(target);
    await new Promise<void>((resolve, reject) => {
      proxy.server.once('error', reject);
      proxy.server.listen(0, '127.0.0.1', resolve);
    });
    const addr = proxy.server.address();
    proxy.listening = typeof addr === 'object' && addr ? addr.port : 0;
    return proxy;
  }

  get url(): string {
    return `nats://127.0.0.1:${this.listening}`;
  }

  /** Drops every relayed connection now and refuses new ones. */
  cut(): void {
    this.refusing = true;
    for (const s of this.sockets) s.destroy();
  }

  restore(): void {
    this.refusing = false;
  }

  async stop(): Promise<void> {
    this.cut();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private relay(client: Socket): void {
    if (this.refusing) {
      client.destroy();
      return;
    }
    const upstream = createConnection(this.target);
    for (const [a, b] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      this.sockets.add(a);
      a.on('error', () => b.destroy());
      a.on('close', () => {
        this.sockets.delete(a);
        b.destroy();
      });
      a.pipe(b);
    }
  }
}

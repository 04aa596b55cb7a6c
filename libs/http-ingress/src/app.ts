import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ExpressAdapter } from '@nestjs/platform-express';
import { IngressModule } from './ingress.module';
import type { IngressAppOptions } from './options';

export interface IngressApp {
  app: INestApplication;
  url: string;
}

/**
 * Express under Nest, on a server whose timeouts are ours: headers must arrive within
 * `headersTimeoutMs`, the whole request within `requestTimeoutMs`, checked every second
 * (Node's default check runs every 30 s, so a stalled connection would outlive the limit).
 */
class TimedExpressAdapter extends ExpressAdapter {
  constructor(private readonly limits: { headersTimeout: number; requestTimeout: number }) {
    super();
  }

  override initHttpServer(): void {
    const server = createServer(
      { headersTimeout: this.limits.headersTimeout, requestTimeout: this.limits.requestTimeout, connectionsCheckingInterval: 1000 },
      this.getInstance(),
    );
    server.keepAliveTimeout = 5000;
    this.setHttpServer(server);
  }
}

/** A started ingress. Port 0 picks a free port; `url` is where it actually listens. */
export async function createIngressApp(opts: IngressAppOptions, port: number): Promise<IngressApp> {
  const { host = '127.0.0.1', logger = ['error', 'warn'], headersTimeoutMs = 10_000, requestTimeoutMs = 30_000, ...ingress } = opts;
  const adapter = new TimedExpressAdapter({ headersTimeout: headersTimeoutMs, requestTimeout: Math.max(requestTimeoutMs, headersTimeoutMs) });
  // Our middleware parses bodies (64 kB, JSON only); Express's default parser would pre-empt it.
  const app = await NestFactory.create(IngressModule.register(ingress), adapter, { bodyParser: false, logger, abortOnError: false });
  (app.getHttpAdapter().getInstance() as { disable(setting: string): void }).disable('x-powered-by');
  await app.listen(port, host);
  const addr = app.getHttpServer().address() as AddressInfo;
  const shown = addr.family === 'IPv6' ? `[${addr.address}]` : addr.address;
  return { app, url: `http://${shown}:${addr.port}` };
}

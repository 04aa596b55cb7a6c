import type { AddressInfo } from 'node:net';
import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { IngressModule } from './ingress.module';
import type { IngressAppOptions } from './options';

export interface IngressApp {
  app: INestApplication;
  url: string;
}

/** A started ingress. Port 0 picks a free port; `url` is where it actually listens. */
export async function createIngressApp(opts: IngressAppOptions, port: number): Promise<IngressApp> {
  const { host = '127.0.0.1', logger = ['error', 'warn'], ...ingress } = opts;
  // Our middleware parses bodies (64 kB, JSON only); Express's default parser would pre-empt it.
  const app = await NestFactory.create(IngressModule.register(ingress), { bodyParser: false, logger, abortOnError: false });
  (app.getHttpAdapter().getInstance() as { disable(setting: string): void }).disable('x-powered-by');
  await app.listen(port, host);
  const addr = app.getHttpServer().address() as AddressInfo;
  const shown = addr.family === 'IPv6' ? `[${addr.address}]` : addr.address;
  return { app, url: `http://${shown}:${addr.port}` };
}

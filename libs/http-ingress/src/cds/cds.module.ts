import type { ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Catch, Module, type ArgumentsHost, type ExceptionFilter, RequestMethod, type DynamicModule, type INestApplication, type MiddlewareConsumer, type NestModule } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { JsonBodyMiddleware } from '../body';
import { sendJson, toErrorBody } from '../http-errors';
import { CdsHooksController } from './cds.controller';
import { CdsHooksService } from './cds.service';
import { CDS_OPTIONS, type CdsOptions } from './options';
import { cdsVerifierFromEnv } from './token';

/** The CDS Hooks routes; mounted by the ingress, or alone (benchmarks, a CDS-only deployment). */
@Module({})
export class CdsHooksModule implements NestModule {
  static register(opts: Partial<CdsOptions> = {}): DynamicModule {
    const env = process.env['MEDAGENT_CDS_BASE_URL'];
    const full: CdsOptions = { verifier: opts.verifier ?? cdsVerifierFromEnv(), ...(opts.baseUrl ? { baseUrl: opts.baseUrl } : env ? { baseUrl: env } : {}) };
    return {
      module: CdsHooksModule,
      controllers: [CdsHooksController],
      providers: [{ provide: CDS_OPTIONS, useValue: full }, CdsHooksService],
      exports: [CdsHooksService],
    };
  }

  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(JsonBodyMiddleware).forRoutes({ path: 'cds-services/*path', method: RequestMethod.POST });
  }
}

/** Body-parser and routing errors of a CDS-only server, in the ingress's error shape. */
@Catch()
class CdsExceptionFilter implements ExceptionFilter {
  catch(e: unknown, host: ArgumentsHost): void {
    const { status, body } = toErrorBody(e);
    sendJson(host.switchToHttp().getResponse<ServerResponse>(), status, body);
  }
}

/** A CDS-only HTTP server on `port` (0: a free one). */
export async function createCdsApp(opts: Partial<CdsOptions>, port: number, host = '127.0.0.1'): Promise<{ app: INestApplication; url: string }> {
  const app = await NestFactory.create(CdsHooksModule.register(opts), { bodyParser: false, logger: ['error'], abortOnError: false });
  app.useGlobalFilters(new CdsExceptionFilter());
  await app.listen(port, host);
  const addr = app.getHttpServer().address() as AddressInfo;
  return { app, url: `http://${addr.address}:${addr.port}` };
}

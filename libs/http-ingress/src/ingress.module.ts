import { Controller, Get, Module, RequestMethod, type DynamicModule, type MiddlewareConsumer, type NestModule } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { ApprovalsController } from './approvals.controller';
import { JsonBodyMiddleware } from './body';
import { CdsHooksModule } from './cds/cds.module';
import { AuthMiddleware } from './principal';
import { ConsultationsController } from './consultations.controller';
import { PatientContextsController } from './patient-contexts.controller';
import { ConsultationsService } from './consultations.service';
import { HealthController } from './health.controller';
import { IngressExceptionFilter } from './http-errors';
import { IngressMetrics } from './metrics';
import { openApiDocument } from './openapi';
import { INGRESS_OPTIONS, type IngressOptions } from './options';

@Controller('v1')
class OpenApiController {
  private readonly doc = openApiDocument();

  @Get('openapi.json')
  openapi(): Record<string, unknown> {
    return this.doc;
  }
}

/** The HTTP face of the coordinator: hospital systems submit, poll, stream and approve here. */
@Module({})
export class IngressModule implements NestModule {
  static register(opts: IngressOptions): DynamicModule {
    return {
      module: IngressModule,
      imports: [CdsHooksModule.register(opts.cds ?? {})],
      controllers: [ConsultationsController, PatientContextsController, ApprovalsController, OpenApiController, HealthController],
      providers: [
        { provide: INGRESS_OPTIONS, useValue: opts },
        { provide: IngressMetrics, useValue: new IngressMetrics(opts.service ?? 'ingress') },
        ConsultationsService,
        { provide: APP_FILTER, useClass: IngressExceptionFilter },
      ],
      exports: [IngressMetrics],
    };
  }

  configure(consumer: MiddlewareConsumer): void {
    // Authentication first: an anonymous caller never gets its body read.
    consumer.apply(AuthMiddleware).exclude({ path: 'v1/openapi.json', method: RequestMethod.ALL }).forRoutes({ path: 'v1/*path', method: RequestMethod.ALL });
    consumer.apply(JsonBodyMiddleware).forRoutes({ path: 'v1/*path', method: RequestMethod.POST });
  }
}

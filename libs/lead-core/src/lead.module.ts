import { Module, type DynamicModule } from '@nestjs/common';
import { BUS, BUS_EXCEPTION_FILTER, type Bus } from '@medagent/bus';
import type { ChatModel } from '@medagent/agent';
import { LEAD_PLAN_MODEL, LEAD_SYNTH_MODEL, LeadController } from './lead.controller';

export interface LeadModuleOptions {
  bus: Bus;
  /** Optional chat models; without them the lead plans and synthesises offline. */
  planModel?: ChatModel;
  synthModel?: ChatModel;
}

@Module({})
export class LeadModule {
  static register(opts: LeadModuleOptions): DynamicModule {
    return {
      module: LeadModule,
      controllers: [LeadController],
      providers: [
        { provide: BUS, useValue: opts.bus },
        { provide: LEAD_PLAN_MODEL, useValue: opts.planModel ?? null },
        { provide: LEAD_SYNTH_MODEL, useValue: opts.synthModel ?? null },
        BUS_EXCEPTION_FILTER,
      ],
    };
  }
}

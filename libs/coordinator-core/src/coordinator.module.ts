import { Module, type DynamicModule, type OnApplicationBootstrap } from '@nestjs/common';
import { BUS, BUS_EXCEPTION_FILTER, KV, type Bus, type KvStore } from '@medagent/bus';
import { MEMORY, type MemoryStore } from '@medagent/memory';
import { SafetyBoundary } from './boundary';
import { CoordinatorConfig } from './config';
import { CoordinatorController } from './coordinator.controller';
import { DeadlineScheduler } from './deadlines';
import { Finisher } from './finisher';
import { Orchestrator } from './orchestrator';
import { PreRiskService } from './prerisk.service';
import { RequestStore } from './request-store';
import { PatientContextStore } from './medication/patient-context.store';
import { MedicationScreenService } from './medication/screen.service';

export interface CoordinatorModuleOptions {
  bus: Bus;
  kv: KvStore;
  memory: MemoryStore;
  config: CoordinatorConfig;
  /** Injected in contract tests to count boundary passes per exit. */
  boundary?: SafetyBoundary;
  /** FHIR Bundles stored for `patient_context_ref` (default: MEDAGENT_DATA_DIR/patient-context). */
  patientContexts?: PatientContextStore;
}

class CoordinatorBootstrap implements OnApplicationBootstrap {
  constructor(
    private readonly orchestrator: Orchestrator,
    private readonly bus: Bus,
  ) {}
  async onApplicationBootstrap(): Promise<void> {
    // Dead letters are counted where they are stored (the bus's onDeadLetterStored, wired in
    // libs/runtime infra.ts), not here: a core subscription also sees every duplicate attempt.
    await this.orchestrator.resume();
  }
}

@Module({})
export class CoordinatorModule {
  static register(opts: CoordinatorModuleOptions): DynamicModule {
    return {
      module: CoordinatorModule,
      controllers: [CoordinatorController],
      providers: [
        { provide: BUS, useValue: opts.bus },
        { provide: KV, useValue: opts.kv },
        { provide: MEMORY, useValue: opts.memory },
        { provide: CoordinatorConfig, useValue: opts.config },
        { provide: RequestStore, useFactory: (kv: KvStore) => new RequestStore(kv), inject: [KV] },
        { provide: SafetyBoundary, useValue: opts.boundary ?? new SafetyBoundary(opts.config.emergencyNumberEn) },
        { provide: PreRiskService, useValue: new PreRiskService() },
        { provide: PatientContextStore, useValue: opts.patientContexts ?? PatientContextStore.fromEnv() },
        { provide: MedicationScreenService, useFactory: (s: PatientContextStore) => new MedicationScreenService(s), inject: [PatientContextStore] },
        DeadlineScheduler,
        Finisher,
        Orchestrator,
        { provide: CoordinatorBootstrap, useFactory: (o: Orchestrator, b: Bus) => new CoordinatorBootstrap(o, b), inject: [Orchestrator, BUS] },
        BUS_EXCEPTION_FILTER,
      ],
      exports: [RequestStore, SafetyBoundary, Orchestrator, PatientContextStore, MedicationScreenService],
    };
  }
}

import { Injectable } from '@nestjs/common';
import type { PreRiskResult } from '@medagent/contracts';
import { createPreRiskGate, type PreRiskGate } from '@medagent/safety';

/** Holds one compiled gate per process (rules compile once; evaluation stays sub-millisecond). */
@Injectable()
export class PreRiskService {
  private readonly gate: PreRiskGate;

  /** Only the current ruleset ships (libs/safety/data); earlier versions are decision snapshots. */
  constructor() {
    this.gate = createPreRiskGate();
  }

  get version(): string {
    return this.gate.version;
  }

  evaluate(text: string): PreRiskResult {
    return this.gate.evaluate(text) as PreRiskResult;
  }
}

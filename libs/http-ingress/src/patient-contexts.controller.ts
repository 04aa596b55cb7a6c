import { Body, Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { ContractViolationError } from '@medagent/contracts';
import { PatientContextStore } from '@medagent/coordinator-core';
import { validateBundle } from '@medagent/knowledge';
import type { Principal } from '@medagent/auth';
import { INGRESS_OPTIONS, type IngressOptions } from './options';
import { CurrentPrincipal } from './principal';

/**
 * `POST /v1/patient-contexts`: stores a FHIR R4 Bundle and returns the reference a
 * consultation can carry as `patient_context_ref` instead of the Bundle itself. The Bundle
 * belongs to the caller's tenant: a consultation from another tenant cannot use the reference.
 */
@Controller('v1/patient-contexts')
export class PatientContextsController {
  private readonly store: PatientContextStore;

  constructor(@Inject(INGRESS_OPTIONS) opts: IngressOptions) {
    this.store = opts.patientContexts ?? PatientContextStore.fromEnv();
  }

  @Post()
  @HttpCode(201)
  put(@Body() body: unknown, @CurrentPrincipal() who: Principal): { patient_context_ref: string } {
    const issues = validateBundle(body);
    if (issues.length > 0) throw new ContractViolationError('the body is not a valid FHIR R4 Bundle', { details: issues.slice(0, 20) });
    return { patient_context_ref: this.store.put(body, who.tenant) };
  }
}

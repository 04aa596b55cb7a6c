import { Body, Controller, HttpCode, Inject, Param, Post } from '@nestjs/common';
import { ConflictError, ContractViolationError, NotFoundError, buildEvent, decode, subjectFor } from '@medagent/contracts';
import { authForbidden, canRead, type Principal } from '@medagent/auth';
import { checkApprovalDecision } from '@medagent/coordinator-core';
import { checkId } from './consultations.controller';
import { ConsultationsService } from './consultations.service';
import { ApprovalDecisionDto } from './dto';
import { IngressMetrics } from './metrics';
import { CurrentPrincipal } from './principal';

const notFound = (rule: string) => new NotFoundError('approval not found', { details: [{ path: 'approval_id', rule, message: 'no pending approval with this id in a request you can see' }] });

/**
 * A human decision on a `requires_approval` skill call. Only an approval the coordinator saw
 * requested (by the worker owning the task) can be decided, only by a caller holding the
 * role it names, and only within the caller's tenant. The waiting worker matches on
 * approval_id; the coordinator moves the task out of awaiting_approval on the same event.
 */
@Controller('v1/approvals')
export class ApprovalsController {
  constructor(
    @Inject(ConsultationsService) private readonly svc: ConsultationsService,
    @Inject(IngressMetrics) private readonly metrics: IngressMetrics,
  ) {}

  @Post(':approval_id')
  @HttpCode(202)
  async resolve(@Param('approval_id') approvalId: string, @Body() body: unknown, @CurrentPrincipal() who: Principal): Promise<Record<string, string>> {
    checkId(approvalId, 'approval id');
    const dto = decode(ApprovalDecisionDto, body, 'approval decision');
    const rec = await this.svc.stored(dto.request_id);
    // Another tenant's request, or one the caller may not read, is as unknown as a wrong id.
    if (!rec || !canRead(who, { tenant: rec.tenant_id, user: rec.user_id })) throw notFound('approval.unknown');
    const check = checkApprovalDecision(rec, approvalId, dto, who.roles);
    if (!check.ok) {
      switch (check.refusal) {
        case 'approval.unknown':
          throw notFound(check.refusal);
        case 'approval.mismatch':
          throw new ContractViolationError('task_id/role do not match the approval', {
            details: [{ path: 'task_id', rule: check.refusal, message: 'the approval was requested for another task or role' }],
          });
        case 'approval.role':
          throw authForbidden(check.refusal, 'this approval needs a role you do not hold');
        case 'approval.decided':
          throw new ConflictError('approval was already decided otherwise', {
            retryable: false,
            details: [{ path: 'decision', rule: check.refusal, message: 'the first decision stands' }],
          });
      }
    }
    const by = who.method === 'none' ? dto.by : who.user;
    if (!by) throw new ContractViolationError('approval decision is invalid', { details: [{ path: 'by', rule: 'by.required', message: 'by is required when authentication is off' }] });
    if (check.duplicate) return { approval_id: approvalId, request_id: dto.request_id, task_id: dto.task_id, decision: dto.decision, status: 'duplicate' };
    const env = buildEvent({
      type: 'approval.resolved',
      correlation_id: dto.request_id,
      task_id: dto.task_id,
      producer: 'ingress',
      payload: {
        approval_id: approvalId,
        task_id: dto.task_id,
        decision: dto.decision,
        by,
        ...(dto.reason !== undefined ? { reason: dto.reason } : {}),
      },
    });
    // First decision wins inside the dedup window: a double click cannot flip it.
    const ack = await this.svc.publish(subjectFor('approval.resolved', dto.role), env, { msgId: `approval-resolved:${approvalId}` });
    if (!ack.duplicate) this.metrics.approvals++;
    return { approval_id: approvalId, request_id: dto.request_id, task_id: dto.task_id, decision: dto.decision, status: ack.duplicate ? 'duplicate' : 'published' };
  }
}

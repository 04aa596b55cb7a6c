import { Body, Controller, HttpCode, Inject, Param, Post } from '@nestjs/common';
import { ContractViolationError, NotFoundError, buildEvent, decode, subjectFor } from '@medagent/contracts';
import { checkId } from './consultations.controller';
import { ConsultationsService } from './consultations.service';
import { ApprovalDecisionDto } from './dto';
import { IngressMetrics } from './metrics';

/**
 * A human decision on a `requires_approval` skill call. The waiting worker matches on
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
  async resolve(@Param('approval_id') approvalId: string, @Body() body: unknown): Promise<Record<string, string>> {
    checkId(approvalId, 'approval id');
    const dto = decode(ApprovalDecisionDto, body, 'approval decision');
    const rec = await this.svc.stored(dto.request_id);
    if (!rec) throw new NotFoundError(`request ${dto.request_id} not found`);
    const task = rec.tasks.find((t) => t.task_id === dto.task_id);
    // The role picks the subject the worker listens on: it must be the task's real owner.
    if (!task || task.agent !== dto.role) {
      throw new ContractViolationError('task_id/role do not name a task of this request', {
        details: [{ path: task ? 'role' : 'task_id', message: task ? `task ${dto.task_id} belongs to ${task.agent}` : 'no such task in this request' }],
      });
    }
    const env = buildEvent({
      type: 'approval.resolved',
      correlation_id: dto.request_id,
      task_id: dto.task_id,
      producer: 'ingress',
      payload: {
        approval_id: approvalId,
        task_id: dto.task_id,
        decision: dto.decision,
        by: dto.by,
        ...(dto.reason !== undefined ? { reason: dto.reason } : {}),
      },
    });
    // First decision wins inside the dedup window: a double click cannot flip it.
    const ack = await this.svc.publish(subjectFor('approval.resolved', dto.role), env, { msgId: `approval-resolved:${approvalId}` });
    if (!ack.duplicate) this.metrics.approvals++;
    return { approval_id: approvalId, request_id: dto.request_id, task_id: dto.task_id, decision: dto.decision, status: ack.duplicate ? 'duplicate' : 'published' };
  }
}

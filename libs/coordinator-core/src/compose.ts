import {
  TASK_TYPE_LABELS,
  byReadingOrder,
  sectionBody,
  type Contribution,
  type Lang,
  type MedicationVerdict,
  type TaskType,
} from '@medagent/contracts';

/**
 * Formatting only (the coordinator does no clinical reasoning): used when synthesis is
 * unavailable — a timeout, or a complex plan that lost all but one contribution.
 */
export function composePartial(cs: Contribution[], missing: TaskType[], lang: Lang): string {
  const parts = byReadingOrder(cs).map((c) => `【${TASK_TYPE_LABELS[lang][c.task_type]}】\n${sectionBody(c.text)}`);
  if (missing.length) {
    const names = missing.map((t) => TASK_TYPE_LABELS[lang][t]).join(lang === 'zh' ? '、' : ', ');
    parts.push(
      lang === 'zh'
        ? `（以下部分未能按时完成：${names}。您可以稍后重试。）`
        : `(These parts could not be completed in time: ${names}. You can try again later.)`,
    );
  }
  return parts.join('\n\n');
}

export function errorText(lang: Lang): string {
  return lang === 'zh'
    ? '抱歉，本次咨询暂时无法完成。如果症状严重、突然加重或让您担心，请不要等待，尽快就医。'
    : 'Sorry, this consultation could not be completed right now. If symptoms are severe, sudden or worrying, do not wait: seek medical care promptly.';
}

export function medicationVerdictOf(cs: Contribution[]): MedicationVerdict | undefined {
  const vs = cs.map((c) => c.medication_verdict).filter((v): v is MedicationVerdict => v !== undefined);
  if (vs.includes('blocked')) return 'blocked';
  if (vs.includes('caution')) return 'caution';
  return vs.length ? 'ok' : undefined;
}

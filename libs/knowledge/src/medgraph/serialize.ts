// One plain-language rendering per worker role. Never JSON: the text goes to a model or a
// person. A blocked verdict is stated flatly; hedges ("may consider", "generally fine") are
// not used in any headline.
import type { Conflict, EdgeType, Lang, Role, Severity, SourceRef, Verdict } from './types';

export interface RenderInput {
  lang: Lang;
  verdict: Verdict;
  conflicts: readonly Conflict[];
  hidden: number;
  blindSpots: readonly string[];
}

const SEV_LABEL: Record<Lang, Record<Severity, string>> = {
  zh: { HIGH: '【高危】', MEDIUM: '【中危】', LOW: '【低危】' },
  en: { HIGH: '[HIGH]', MEDIUM: '[MEDIUM]', LOW: '[LOW]' },
};
const SEV_PATIENT: Record<Lang, Record<Severity, string>> = {
  zh: { HIGH: '严重风险', MEDIUM: '需要注意', LOW: '小提示' },
  en: { HIGH: 'serious risk', MEDIUM: 'needs attention', LOW: 'tip' },
};
const TYPE_LABEL: Record<Lang, Record<EdgeType, string>> = {
  zh: { DDI: '药物相互作用', CONTRAINDICATION: '禁忌/慎用', FOOD_DRUG: '食物-药物相互作用', CROSS_ALLERGY: '交叉过敏', DUPLICATE: '重复用药' },
  en: { DDI: 'drug interaction', CONTRAINDICATION: 'contraindication', FOOD_DRUG: 'food-drug interaction', CROSS_ALLERGY: 'cross-allergy', DUPLICATE: 'therapeutic duplicate' },
};

export function renderForRole(role: Role, input: RenderInput): string {
  if (input.conflicts.length === 0) return renderNoConflicts(input);
  const body = role === 'triage' ? triage(input) : role === 'consultation' ? consultation(input) : research(input);
  return [...body, ...footnotes(input)].join('\n');
}

function renderNoConflicts(input: RenderInput): string {
  const head = input.lang === 'zh' ? '在你的视图范围内未发现用药冲突。' : 'No medication conflicts found within your view.';
  return [head, ...footnotes(input)].join('\n');
}

function counts(cs: readonly Conflict[]): Record<Severity, number> {
  const out: Record<Severity, number> = { HIGH: 0, MEDIUM: 0, LOW: 0 };
  for (const c of cs) out[c.severity] += 1;
  return out;
}

function pair(c: Conflict, lang: Lang): string {
  return c.between.join(lang === 'zh' ? ' × ' : ' x ');
}

function triage({ lang, verdict, conflicts }: RenderInput): string[] {
  const n = counts(conflicts);
  const zh = lang === 'zh';
  const head = {
    blocked: zh
      ? `【结论：阻止】发现 ${n.HIGH} 项高危冲突。冲突解除前不得按此方案用药，须立即交由医生或药师处理。`
      : `VERDICT: BLOCKED. ${n.HIGH} high-severity conflict(s). Do not proceed with this combination until a clinician or pharmacist has resolved them.`,
    caution: zh
      ? `【结论：注意】发现 ${n.MEDIUM} 项中危冲突。用药前须评估，并按下列处置执行监测。`
      : `VERDICT: CAUTION. ${n.MEDIUM} medium-severity conflict(s). Assess before use and apply the monitoring below.`,
    ok: zh ? '【结论：未见需拦截的冲突】以下为低危提示。' : 'VERDICT: OK. Only low-severity notes below.',
  }[verdict];
  const lines = [head];
  for (const c of conflicts) {
    lines.push(`${SEV_LABEL[lang][c.severity]} ${TYPE_LABEL[lang][c.type]}${zh ? '｜' : ' | '}${pair(c, lang)}`);
    lines.push(`  ${zh ? '处置' : 'Action'}: ${c.recommendation}`);
    lines.push(`  ${zh ? '原因' : 'Why'}: ${c.mechanism}`);
  }
  return lines;
}

function consultation({ lang, verdict, conflicts }: RenderInput): string[] {
  const zh = lang === 'zh';
  const head = {
    blocked: zh
      ? '用药安全提醒：发现严重用药风险。请不要按目前的方式用药，并尽快联系医生或药师。'
      : 'Medication safety alert: a serious risk was found. Do not take these as planned; contact your doctor or pharmacist promptly.',
    caution: zh
      ? '用药安全提醒：有需要注意的地方，用药前请先咨询医生或药师。'
      : 'Medication safety note: there are points that need attention. Please check with your doctor or pharmacist before taking these.',
    ok: zh ? '用药安全提醒：没有发现严重冲突，以下是用药小提示。' : 'Medication safety note: no serious conflicts found; some tips below.',
  }[verdict];
  const lines = [head];
  conflicts.forEach((c, i) => {
    const who = zh ? c.between.join(' 与 ') : c.between.join(' and ');
    lines.push(
      zh
        ? `${i + 1}. ${who}（${SEV_PATIENT.zh[c.severity]}）：${c.recommendation} 原因：${c.mechanism}`
        : `${i + 1}. ${who} (${SEV_PATIENT.en[c.severity]}): ${c.recommendation} Why: ${c.mechanism}`,
    );
  });
  return lines;
}

function research({ lang, verdict, conflicts }: RenderInput): string[] {
  const zh = lang === 'zh';
  const verdictText = {
    blocked: zh ? '阻止（存在高危冲突）' : 'BLOCKED (high-severity conflict present)',
    caution: zh ? '注意（存在中危冲突）' : 'CAUTION (medium-severity conflict present)',
    ok: zh ? '未见需拦截的冲突' : 'OK (low-severity only)',
  }[verdict];
  const lines = [zh ? `研究视图：可见冲突 ${conflicts.length} 项；结论：${verdictText}。` : `Research view: ${conflicts.length} visible conflict(s); verdict: ${verdictText}.`];
  conflicts.forEach((c, i) => {
    const via = c.via ? (zh ? `（适用边：${c.via.join(' × ')}）` : ` (edge: ${c.via.join(' x ')})`) : '';
    lines.push(`${i + 1}. [${TYPE_LABEL[lang][c.type]} | ${c.severity}] ${pair(c, lang)}${via}`);
    lines.push(`   ${zh ? '机制' : 'Mechanism'}: ${c.mechanism}`);
    lines.push(`   ${zh ? '来源' : 'Source'}: ${cite(c.source)}`);
    for (const r of c.references ?? []) lines.push(`   ${zh ? '参考' : 'See also'}: ${cite(r)}`);
  });
  return lines;
}

function cite(s: SourceRef): string {
  return `${s.name} (${s.year})${s.url ? ` ${s.url}` : ''}`;
}

function footnotes({ lang, blindSpots, hidden }: RenderInput): string[] {
  const out: string[] = [];
  const zh = lang === 'zh';
  if (blindSpots.length > 0) {
    const list = blindSpots.map((b) => (zh ? `“${b}”` : `"${b}"`)).join(zh ? '、' : ', ');
    out.push(
      zh
        ? `注意：有 ${blindSpots.length} 项内容未能识别（${list}），其相互作用未被核查，不能视为安全，请人工核对。`
        : `Note: ${blindSpots.length} item(s) could not be recognised (${list}); they were not checked and must not be treated as safe. Please verify them manually.`,
    );
  }
  if (hidden > 0) {
    out.push(
      zh
        ? `另有 ${hidden} 项冲突不在你的视图范围内，由其他角色处理；这不代表该用药组合安全。`
        : `${hidden} further conflict(s) fall outside your view and are handled by another role; this does not mean the combination is safe.`,
    );
  }
  return out;
}

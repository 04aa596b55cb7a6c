// Seed 002's specialist views of one screen, each with its own serialisation: the
// pharmacologist (drug–drug, duplicates, drug–food, outright contraindications), the allergy
// view (drug–allergy) and the internal-medicine view (drug–condition, pregnancy, lactation).
// A blocked verdict is stated flatly: no hedge ("may", "generally fine") in any blocked line.
import type { Lang, Severity, SourceRef, Verdict } from './types';

export const CONFLICT_KINDS = ['drug-drug', 'drug-allergy', 'drug-pregnancy', 'drug-condition', 'drug-food', 'duplicate'] as const;
export type ConflictKind = (typeof CONFLICT_KINDS)[number];

export const SPECIALIST_VIEWS = ['pharmacologist', 'allergy', 'internal_medicine'] as const;
export type SpecialistView = (typeof SPECIALIST_VIEWS)[number];

export const VIEW_OF_KIND: Record<ConflictKind, SpecialistView> = {
  'drug-drug': 'pharmacologist',
  duplicate: 'pharmacologist',
  'drug-food': 'pharmacologist',
  'drug-allergy': 'allergy',
  'drug-condition': 'internal_medicine',
  'drug-pregnancy': 'internal_medicine',
};

/** The part of a finding the serialisers need (kept structural so views.ts stands alone). */
export interface ViewFinding {
  kind: ConflictKind;
  severity: Severity;
  between: [string, string];
  mechanism: string;
  recommendation: string;
  source: SourceRef;
}

export interface ViewRender {
  lang: Lang;
  verdict: Verdict;
  findings: readonly ViewFinding[];
  blindSpots: readonly string[];
}

const KIND_LABEL: Record<Lang, Record<ConflictKind, string>> = {
  zh: {
    'drug-drug': '药物相互作用',
    duplicate: '重复用药',
    'drug-food': '食物/酒精相互作用',
    'drug-allergy': '过敏/交叉过敏',
    'drug-condition': '疾病禁忌/慎用',
    'drug-pregnancy': '妊娠/哺乳禁忌',
  },
  en: {
    'drug-drug': 'drug interaction',
    duplicate: 'therapeutic duplicate',
    'drug-food': 'food/alcohol interaction',
    'drug-allergy': 'allergy / cross-reactivity',
    'drug-condition': 'condition contraindication',
    'drug-pregnancy': 'pregnancy/lactation contraindication',
  },
};
const SEV: Record<Lang, Record<Severity, string>> = {
  zh: { HIGH: '高危', MEDIUM: '中危', LOW: '低危' },
  en: { HIGH: 'HIGH', MEDIUM: 'MEDIUM', LOW: 'LOW' },
};
const VERDICT: Record<Lang, Record<Verdict, string>> = {
  zh: { blocked: '阻止', caution: '注意', ok: '未发现冲突' },
  en: { blocked: 'BLOCKED', caution: 'CAUTION', ok: 'OK' },
};
const VIEW_NAME: Record<Lang, Record<SpecialistView, string>> = {
  zh: { pharmacologist: '临床药师视图', allergy: '过敏视图', internal_medicine: '内科视图' },
  en: { pharmacologist: 'Pharmacologist view', allergy: 'Allergy view', internal_medicine: 'Internal-medicine view' },
};

const cite = (s: SourceRef): string => `${s.name} (${s.year})`;

/** Pharmacologist: mechanism first, then the action, then the source. */
function pharmacologist(f: ViewFinding, lang: Lang): string[] {
  const zh = lang === 'zh';
  return [
    `- [${SEV[lang][f.severity]}] ${KIND_LABEL[lang][f.kind]}: ${f.between.join(zh ? ' × ' : ' + ')}`,
    `  ${zh ? '机制' : 'Mechanism'}: ${f.mechanism}`,
    `  ${zh ? '处置' : 'Action'}: ${f.recommendation}`,
    `  ${zh ? '来源' : 'Source'}: ${cite(f.source)}`,
  ];
}

/** Allergy: what was reported, what it cross-reacts with, what to do. */
function allergy(f: ViewFinding, lang: Lang): string[] {
  const zh = lang === 'zh';
  return [
    zh
      ? `- [${SEV.zh[f.severity]}] 过敏史「${f.between[1]}」→ 拟用药「${f.between[0]}」：${f.recommendation}`
      : `- [${SEV.en[f.severity]}] reported allergy "${f.between[1]}" → ordered "${f.between[0]}": ${f.recommendation}`,
    `  ${zh ? '交叉反应' : 'Cross-reactivity'}: ${f.mechanism} (${cite(f.source)})`,
  ];
}

/** Internal medicine: the patient's condition first, then the drug and the plan. */
function internalMedicine(f: ViewFinding, lang: Lang): string[] {
  const zh = lang === 'zh';
  return [
    zh
      ? `- [${SEV.zh[f.severity]}] ${f.between[1]}：${f.between[0]}。${f.recommendation}`
      : `- [${SEV.en[f.severity]}] ${f.between[1]}: ${f.between[0]}. ${f.recommendation}`,
    `  ${zh ? '原因' : 'Why'}: ${f.mechanism} (${cite(f.source)})`,
  ];
}

const BODY: Record<SpecialistView, (f: ViewFinding, lang: Lang) => string[]> = {
  pharmacologist,
  allergy,
  internal_medicine: internalMedicine,
};

export function renderView(view: SpecialistView, r: ViewRender): string {
  const zh = r.lang === 'zh';
  const head = `${VIEW_NAME[r.lang][view]}${zh ? '：' : ': '}${VERDICT[r.lang][r.verdict]}`;
  if (r.findings.length === 0) return `${head}${zh ? '（本视图未见已知冲突）' : ' (no known conflict in this view)'}`;
  return [head, ...r.findings.flatMap((f) => BODY[view](f, r.lang))].join('\n');
}

export interface ScreenRender extends ViewRender {
  views: Record<SpecialistView, { findings: readonly ViewFinding[]; text: string }>;
}

/** The answer's medication section: the verdict first, then each view with findings, then blind spots. */
export function renderScreen(r: ScreenRender): string {
  const zh = r.lang === 'zh';
  const n = (s: Severity): number => r.findings.filter((f) => f.severity === s).length;
  const head = {
    blocked: zh
      ? `【用药安全筛查：阻止】发现 ${n('HIGH')} 项高危冲突。不要按此方案用药；先停下，联系开药医生或药师处理。`
      : `[Medication screen: BLOCKED] ${n('HIGH')} high-severity conflict(s). Do not take or give this combination; stop and contact the prescriber or a pharmacist first.`,
    caution: zh
      ? `【用药安全筛查：注意】发现 ${n('MEDIUM')} 项需调整或监测的问题，用药前请与医生或药师确认。`
      : `[Medication screen: CAUTION] ${n('MEDIUM')} issue(s) that need a dose change, spacing or monitoring; confirm with the prescriber or a pharmacist.`,
    ok: zh
      ? '【用药安全筛查：未发现已知冲突】（仅限本系统知识图谱收录的药物与规则。）'
      : '[Medication screen: OK] No known conflict (only for the drugs and rules this graph holds).',
  }[r.verdict];
  const lines = [head];
  for (const v of SPECIALIST_VIEWS) if (r.views[v].findings.length > 0) lines.push(r.views[v].text);
  lines.push(...blindSpotLines(r.blindSpots, r.lang));
  return lines.join('\n');
}

export function blindSpotLines(blind: readonly string[], lang: Lang): string[] {
  if (blind.length === 0) return [];
  const zh = lang === 'zh';
  const list = blind.map((b) => (zh ? `“${b}”` : `"${b}"`)).join(zh ? '、' : ', ');
  return [
    zh
      ? `未能识别：${list}——这些未被核查，不能视为安全，请由药师核对。`
      : `Not recognised: ${list} — not checked, so not known to be safe; have a pharmacist verify.`,
  ];
}

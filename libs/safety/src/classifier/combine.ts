// Rules + learned signal: ESCALATE when the rules do, or when the classifier's probability
// reaches its threshold and the rules' own context analysis did not mark the message as
// knowledge / historical / negated / figurative (those stay PASS whatever the classifier says).
// Optionally (2026.12.0) a very low probability vetoes a single weak rule hit: exactly one rule
// fired, on words only (no vital-sign number), outside the never-vetoed families.
import { normalizeText } from '../text/normalize';
import type { Family, SuppressionReason } from '../types';
import type { AnalyzeHints, PreRiskAnalysis, PreRiskGate } from '../prerisk/gate';
import type { Classifier } from './logreg';
import { evidenceFeatures, hasAffirmedRedFlag, type EvidencePlan } from './evidence';

/** Suppression reasons that veto a classifier-only escalation. */
const VETO: ReadonlySet<string> = new Set<SuppressionReason>(['knowledge', 'historical', 'third_party_past', 'negated', 'figurative']);

/** 2026.12.0: fiction / animal subjects (and reassurance wording) also veto a classifier-only escalation. */
const VETO_WIDE: ReadonlySet<string> = new Set<string>([...VETO, 'other_subject']);

/**
 * Reassurance / mild-course wording (2026.12.0): with no rule hit, a message saying the person
 * is otherwise well, the complaint is chronic or came on slowly, or settled by itself, is a
 * "mild or chronic complaint" (LABELING.md) and the classifier alone must not escalate it.
 */
const REASSURANCE = new RegExp(
  [
    String.raw`(?:吃|喝|玩|睡)(?:饭|奶|东西|觉|得)?(?:也|都)?(?:正常|挺好|很好|都好)`, String.raw`(?:在|还在|照样|照常)玩`, String.raw`精神(?:头)?(?:挺|很|还|也|都)?(?:好|不错|可以)`, String.raw`能吃能(?:睡|玩|喝)`,
    String.raw`(?:好几|几|[0-9一两三四五六七八九十]+)(?:个)?(?:月|年)了`, String.raw`慢慢(?:地)?(?:开始|出现|加重)`, String.raw`不(?:是)?(?:特别|太|很)(?:疼|痛|严重)`, String.raw`(?:就|已经|自己)(?:好了|退了|缓解了|没事了)`, String.raw`(?:现在|已经)(?:挺|很|都)?好(?:的|了|多了)`,
    String.raw`(?:eating|drinking|playing|sleeping)[a-z ,]{0,20}(?:normally|fine|well|as usual)`, String.raw`\botherwise (?:fine|well|ok|okay|healthy)\b`, String.raw`\bfor (?:months|years|weeks)\b`, String.raw`\b(?:months|years) now\b`,
    String.raw`\bcame on (?:slowly|gradually)\b`, String.raw`\b(?:went|gone) away (?:by itself|on its own)\b`, String.raw`\bsettled (?:down )?(?:by itself|on its own)\b`, String.raw`\b(?:feel|feels|feeling) (?:fine|better|ok|okay|normal) now\b`,
  ].join('|'),
);

/**
 * prerisk-2026.12.2 additions to the reassurance wording (version-scoped: 12.0 / 12.1 keep
 * REASSURANCE alone): an episode that resolved with the person now normal — "已经咳出来了",
 * "现在…都正常", "back to normal", "coughed it up".
 */
const REASSURANCE_2 = new RegExp(
  [
    String.raw`(?:已经|早就|刚才就)?(?:咳|吐|咽|拿)(?:出来|下去|掉)了`, String.raw`现在[^，。,？?]{0,10}(?:都|也)(?:正常|挺好|好好的)`, String.raw`(?:恢复|一切)正常了`,
    String.raw`(?:coughed|spat|threw) (?:it|them) (?:up|out)`, String.raw`back to (?:normal|(?:his|her|my) (?:usual|normal) self)`, String.raw`(?:is|are|seems?) (?:completely |totally )?(?:fine|normal) now`,
  ].join('|'),
);

/**
 * prerisk-2026.12.3 (on top of REASSURANCE_2): a corrected or eased episode — sugar / a painkiller
 * taken and the person better or clear now ("吃了糖，现在人很清醒", "吃了止痛药好一点", "fine after the
 * juice"), a feeding / alert infant. A "没 / 不 / 冇 / 唔" right before the improvement keeps the text live.
 */
const REASSURANCE_3 = new RegExp(
  [
    String.raw`(?:吃|喝|补|含|食)(?:了|咗)(?:块|颗|粒|点|些|一点|一块)?(?:糖|葡萄糖|糖水|果汁|止痛药|止疼药|布洛芬|扑热息痛|必理痛|药)[^。？?!！]{0,12}(?<![没不冇唔])(?:好(?:一)?(?:点|些|多了|返)|缓解了|没事了|冇事)`,
    String.raw`现在(?:人)?(?:很|挺|好|也|都)?(?:清醒|清楚)(?![吗嘛么])`,
    String.raw`\b(?:after|since) (?:the |some |a )?(?:sugar|juice|glucose|sweets|painkillers?|ibuprofen|paracetamol|tylenol)[^.?!]{0,20}\b(?:better|fine|normal|eased|settled)\b`,
    String.raw`\b(?:eased|settled) (?:off |down )?(?:with|after) (?:the |some |a )?(?:painkillers?|ibuprofen|paracetamol|sugar|juice)\b`,
    // REASSURANCE_2's English alternatives, whose word boundaries were stored as control characters
    // in 12.2 (so they never matched there; 12.2 keeps that behaviour):
    String.raw`\b(?:coughed|spat|threw) (?:it|them) (?:up|out)\b`, String.raw`\bback to (?:normal|(?:his|her|my) (?:usual|normal) self)\b`, String.raw`\b(?:is|are|seems?) (?:completely |totally )?(?:fine|normal) now\b`,
    String.raw`(?<!\bnot |n'?t |\bno |\bpoorly )\b(?:feeding|weeing|peeing|wetting (?:nappies|diapers))(?! poorly)[a-z ,]{0,20}\b(?:normally|fine|well|as usual)\b`, String.raw`\b(?:smiling|playing|babbling) and alert\b`, String.raw`\balert and (?:smiling|playing|happy)\b`,
  ].join('|'),
);

/** Families whose rule hits the classifier may never veto (missed intent is the costliest error). */
export const NEVER_VETOED: ReadonlySet<Family> = new Set<Family>(['suicide_self_harm']);

export interface RulesView {
  escalate: boolean;
  veto: boolean;
  /** Rules escalated on a single word-only rule outside NEVER_VETOED (a low p may veto it). */
  weak?: boolean;
}

/** `text` is needed for the 2026.12.0 reassurance veto (wide); `reassurance2` adds REASSURANCE_2 (12.2). */
export function rulesView(a: PreRiskAnalysis, wide = false, text?: string, reassurance2 = false, reassurance3 = false): RulesView {
  if (a.result.decision === 'ESCALATE') {
    const ids = new Set(a.fired.map((f) => f.rule.id));
    const vital = a.fired.some((f) => f.evidence.some((m) => m.concept.startsWith('v.')));
    const weak = ids.size === 1 && !vital && !a.fired.some((f) => NEVER_VETOED.has(f.rule.family));
    return { escalate: true, veto: false, weak };
  }
  const reasons = wide ? VETO_WIDE : VETO;
  const veto =
    (a.result.suppressed ?? []).some((s) => reasons.has(s.reason)) ||
    a.matches.some((m) => m.status === 'figurative' || m.status === 'knowledge' || (wide && m.status === 'other_subject')) ||
    (wide && text !== undefined && REASSURANCE.test(normalizeText(text))) ||
    (wide && reassurance2 && text !== undefined && REASSURANCE_2.test(normalizeText(text))) ||
    (wide && reassurance3 && text !== undefined && REASSURANCE_3.test(normalizeText(text)));
  return { escalate: false, veto };
}

export interface CombineOptions {
  /** Probability below which a weak single rule hit is vetoed (PASS); undefined = never. */
  vetoBelow?: number;
  /** Fiction / animal subjects also veto classifier-only escalations. */
  wideVeto?: boolean;
  /** prerisk-2026.12.2: resolved-episode wording also vetoes classifier-only escalations. */
  reassurance2?: boolean;
  /** prerisk-2026.12.3: corrected / eased-episode wording (REASSURANCE_3) also vetoes them. */
  reassurance3?: boolean;
  /**
   * prerisk-2026.12.2: the rules' evidence (concepts with status, fired / near-miss families) is
   * fed to models trained with it, and identifies affirmed red-flag concepts for `threshold_low`.
   */
  evidence?: EvidencePlan;
}

/** Classifier-only escalation: p >= threshold, or p >= threshold_low with an affirmed red-flag concept. */
export function learnedEscalates(p: number, classifier: Classifier, redFlag: boolean): boolean {
  if (p >= classifier.threshold) return true;
  return classifier.thresholdLow !== undefined && redFlag && p >= classifier.thresholdLow;
}

/** Family reported for classifier-only escalations (no rule fired, so no rule family). */
export const LEARNED_CATEGORY = 'learned_signal';
/** PASS category when a low learned probability vetoed a single weak rule hit. */
export const LEARNED_VETO_CATEGORY = 'learned_veto';

class CombinedGate implements PreRiskGate {
  constructor(
    private readonly base: PreRiskGate,
    private readonly classifier: Classifier,
    readonly version: string,
    private readonly opts: CombineOptions = {},
  ) {}

  evaluate(text: string) {
    return this.analyze(text).result;
  }

  analyze(text: string, hints?: AnalyzeHints): PreRiskAnalysis {
    const a = this.base.analyze(text, hints);
    const result = { ...a.result, rules_version: this.version };
    const view = rulesView(a, this.opts.wideVeto === true, text, this.opts.reassurance2 === true, this.opts.reassurance3 === true);
    const vetoBelow = this.opts.vetoBelow;
    const plan = this.opts.evidence;
    const extra = plan !== undefined && this.classifier.evidenceMode !== undefined ? evidenceFeatures(a, plan) : undefined;
    if (view.escalate && view.weak === true && vetoBelow !== undefined && this.classifier.probability(text, extra) < vetoBelow) {
      // A lone word-only hit the learned signal finds very unlike an emergency: PASS, but keep
      // the analysis (matches, fired) so the decision stays traceable.
      const { suppressed } = a.result;
      const { urgency: _vetoed, ...rest } = a;
      return {
        ...rest,
        result: { decision: 'PASS', category: LEARNED_VETO_CATEGORY, evidence: [], rules_version: this.version, ...(suppressed !== undefined ? { suppressed } : {}) },
      };
    }
    if (view.escalate || view.veto) return { ...a, result };
    const redFlag = plan !== undefined && hasAffirmedRedFlag(a, plan);
    if (!learnedEscalates(this.classifier.probability(text, extra), this.classifier, redFlag)) return { ...a, result };
    const { suppressed } = a.result;
    return {
      ...a,
      urgency: 'urgent',
      result: {
        decision: 'ESCALATE',
        category: LEARNED_CATEGORY,
        evidence: [{ rule_id: 'classifier', family: LEARNED_CATEGORY, start: 0, end: text.length, text }],
        rules_version: this.version,
        ...(suppressed !== undefined ? { suppressed } : {}),
      },
    };
  }
}

/** Wraps a rules gate with the learned signal; `version` defaults to the base gate's. */
export function createCombinedGate(base: PreRiskGate, classifier: Classifier, version: string = base.version, opts: CombineOptions = {}): PreRiskGate {
  return new CombinedGate(base, classifier, version, opts);
}

// The dangerous-advice engine of the final boundary: runs the rules of advice-rules.ts over
// each sentence. A sentence with a finding is replaced by its reason's safe template; an
// answer with a `block` finding (or a blocking combination of reasons) is replaced whole by
// the safe fallback. Templates and the fallback never match a rule, so a second pass finds
// nothing: the boundary stays idempotent.
import {
  ADVICE_RULES,
  BLOCK_COMBINATIONS,
  DOSE_RULES,
  DRUG_CONTEXT,
  LABEL_CITATION,
  NO_NEED_BEFORE,
  SAFE_FORMS,
  WARNING_SIGNS,
  type AdviceReason,
  type AdviceRule,
  type SafeForm,
} from './advice-rules';
import { ADVICE_TEMPLATES, DOSING_REPLACEMENT, blockedFallback, homeWaitTemplate } from './templates';

export interface AdviceContext {
  lang: 'zh' | 'en';
  /** The request carried a risk signal: conditional safety-nets no longer excuse the wording. */
  risk: boolean;
  emergencyNumber: string;
}

export interface AdviceFinding {
  rule_id: string;
  reason: AdviceReason;
  action: 'rewrite' | 'block';
}

export interface AdviceScreen {
  text: string;
  findings: AdviceFinding[];
  /** Set when the whole answer was replaced: the blocking rule or combination ids. */
  blocked?: string[];
}

const CLAUSE = /[，,；;：:]/;
// A sentence ends at 。！？!? or a newline, or at "." before whitespace or the end (not "2.5"),
// with any closing quotes after it.
const SENTENCE_END = /(?:[。！？!?\n]|\.(?=\s|$))[”’」』)）"']*/g;

/** Sentence chunks whose concatenation is the text (terminators and closing quotes kept). */
export function sentenceChunks(text: string): string[] {
  const out: string[] = [];
  let start = 0;
  SENTENCE_END.lastIndex = 0;
  for (let m = SENTENCE_END.exec(text); m !== null; m = SENTENCE_END.exec(text)) {
    const end = m.index + m[0].length;
    out.push(text.slice(start, end));
    start = end;
  }
  if (start < text.length) out.push(text.slice(start));
  return out;
}

const toGlobal = (re: RegExp): RegExp => new RegExp(re.source, re.flags.includes('g') ? re.flags : `${re.flags}g`);
interface CompiledRule {
  rule: AdviceRule;
  re: RegExp;
}
const COMPILED_RULES: readonly CompiledRule[] = ADVICE_RULES.map((rule) => ({ rule, re: toGlobal(rule.pattern) }));
const COMPILED_FORMS = new Map<SafeForm, RegExp>(SAFE_FORMS.map((f) => [f, toGlobal(f.pattern)]));
const CJK = /[\u4e00-\u9fff]/;
const LATIN = /[A-Za-z]{2}/;

function sentenceLang(s: string, fallback: 'zh' | 'en'): 'zh' | 'en' {
  const cjk = s.match(/[\u4e00-\u9fff]/g)?.length ?? 0;
  if (cjk >= 2) return 'zh';
  return /[a-z]{2,}/i.test(s) ? 'en' : fallback;
}

function clauseBefore(s: string, at: number): string {
  let i = at;
  while (i > 0 && !CLAUSE.test(s[i - 1] as string)) i--;
  return s.slice(i, at);
}

function clauseAfter(s: string, from: number): string {
  let i = from;
  while (i < s.length && !CLAUSE.test(s[i] as string)) i++;
  return s.slice(from, i);
}

/** A sentence-wide safe form counts unless a "no need to" phrase stands right before it. */
function sentenceFormHolds(form: SafeForm, s: string): boolean {
  const re = COMPILED_FORMS.get(form) ?? toGlobal(form.pattern);
  const noNeed = NO_NEED_BEFORE[form.lang];
  re.lastIndex = 0;
  for (let m = re.exec(s); m !== null; m = re.exec(s)) {
    if (!noNeed.test(s.slice(0, m.index))) return true;
    if (m[0] === '') re.lastIndex++;
  }
  return false;
}

function excused(rule: AdviceRule, s: string, start: number, end: number, risk: boolean): boolean {
  return SAFE_FORMS.some((form) => {
    if (!form.reasons.includes(rule.reason)) return false;
    if (form.voidOnRisk && risk) return false;
    if (form.where === 'before') return form.pattern.test(clauseBefore(s, start));
    if (form.where === 'after') return form.pattern.test(clauseAfter(s, end));
    return sentenceFormHolds(form, s);
  });
}

/** The rules that fire on one sentence (at most one finding per rule). */
export function sentenceFindings(s: string, risk: boolean, rules: readonly CompiledRule[] = COMPILED_RULES): AdviceFinding[] {
  const out: AdviceFinding[] = [];
  const scripts = { zh: CJK.test(s), en: LATIN.test(s) };
  let drug: boolean | undefined;
  let sign: boolean | undefined;
  for (const { rule, re } of rules) {
    if (!scripts[rule.lang] || !rule.trigger.test(s)) continue;
    if (rule.needs === 'drug' && !(drug ??= DRUG_CONTEXT.zh.test(s) || DRUG_CONTEXT.en.test(s))) continue;
    if (rule.needs === 'warning_sign' && !risk && !(sign ??= WARNING_SIGNS.zh.test(s) || WARNING_SIGNS.en.test(s))) continue;
    re.lastIndex = 0;
    for (let m = re.exec(s); m !== null; m = re.exec(s)) {
      if (m[0] === '') {
        re.lastIndex++;
        continue;
      }
      if (!excused(rule, s, m.index, m.index + m[0].length, risk)) {
        out.push({ rule_id: rule.id, reason: rule.reason, action: rule.action });
        break;
      }
    }
  }
  return out;
}

const REASON_ORDER: readonly AdviceReason[] = ['stop_medication', 'no_doctor_needed', 'home_wait_emergency'];

function templateFor(reason: AdviceReason, lang: 'zh' | 'en', ctx: AdviceContext): string {
  if (reason === 'stop_medication') return ADVICE_TEMPLATES.stop_medication[lang];
  if (reason === 'no_doctor_needed') return (ctx.risk ? ADVICE_TEMPLATES.no_doctor_needed_risk : ADVICE_TEMPLATES.no_doctor_needed)[lang];
  return homeWaitTemplate(lang, ctx.emergencyNumber);
}

/** Screens the answer body: sentences rewritten to safe templates, or the whole answer blocked. */
export function screenAdvice(text: string, ctx: AdviceContext): AdviceScreen {
  // Rules whose trigger the whole text lacks cannot fire on any of its sentences.
  const active = COMPILED_RULES.filter((c) => c.rule.trigger.test(text));
  if (active.length === 0) return { text, findings: [] };
  const findings: AdviceFinding[] = [];
  const out: string[] = [];
  let previous = '';
  for (const chunk of sentenceChunks(text)) {
    const lead = /^\s*/.exec(chunk)?.[0] ?? '';
    const core = chunk.slice(lead.length);
    const found = core === '' ? [] : sentenceFindings(core, ctx.risk, active);
    if (found.length === 0) {
      out.push(chunk);
      previous = core.trim();
      continue;
    }
    findings.push(...found);
    const lang = sentenceLang(core, ctx.lang);
    const tail = core.endsWith('\n') ? '\n' : '';
    const reasons = REASON_ORDER.filter((r) => found.some((f) => f.reason === r));
    const replacement = reasons.map((r) => templateFor(r, lang, ctx)).filter((t) => t !== previous);
    const sep = lang === 'zh' ? '' : ' ';
    out.push(replacement.length > 0 ? `${lead}${replacement.join(sep)}${tail}` : lead.replace(/ +$/, '') + tail);
    previous = replacement[replacement.length - 1] ?? previous;
  }
  const blocked = blockingIds(findings);
  if (blocked.length > 0) return { text: blockedFallback(ctx.lang, ctx.emergencyNumber), findings, blocked };
  return { text: out.join(''), findings };
}

function blockingIds(findings: readonly AdviceFinding[]): string[] {
  const ids = findings.filter((f) => f.action === 'block').map((f) => f.rule_id);
  const reasons = new Set(findings.map((f) => f.reason));
  for (const combo of BLOCK_COMBINATIONS) if (combo.all.every((r) => reasons.has(r))) ids.push(combo.id);
  return [...new Set(ids)];
}

export interface DoseResult {
  text: string;
  count: number;
  rule_ids: string[];
}

/** (c) Specific doses become "as directed", except in a sentence that cites the label. */
export function softenDoses(text: string): DoseResult {
  // Most answers carry no dose: one test per rule over the whole text first.
  if (!DOSE_RULES.some((r) => { r.pattern.lastIndex = 0; return r.pattern.test(text); })) return { text, count: 0, rule_ids: [] };
  let count = 0;
  const ids = new Set<string>();
  const soften = (s: string): string => {
    let cur = s;
    for (const rule of DOSE_RULES) {
      const replacement = DOSING_REPLACEMENT[rule.lang];
      cur = cur.replace(rule.pattern, () => {
        count++;
        ids.add(rule.id);
        return replacement;
      });
    }
    return cur;
  };
  const cites = (s: string) => LABEL_CITATION.zh.test(s) || LABEL_CITATION.en.test(s);
  // Sentence by sentence only when some sentence cites the label.
  const out = cites(text) ? sentenceChunks(text).map((s) => (cites(s) ? s : soften(s))).join('') : soften(text);
  return { text: out, count, rule_ids: [...ids] };
}

// FinalSafetyBoundary: every user-visible text passes here before it is persisted or
// returned. Pure and idempotent: managed blocks (emergency lead, medication block,
// disclaimer) are stripped and re-added deterministically, and every rewrite produces
// text its own pattern no longer matches.
import { InvalidSafetyInputError } from '../errors';
import type { SafetyAction } from '../types';
import { screenAdvice, type AdviceFinding } from './advice';
import { hedgeDiagnoses, isMedicationSentence, removeSoftening, sentences, softenDosing } from './rewrites';
import { DEFAULT_EMERGENCY_NUMBER, DISCLAIMER, FAMILY_HINTS, MEDICATION_BLOCK, emergencyLead } from './templates';

export interface FinalSafetyInput {
  text: string;
  lang: 'zh' | 'en';
  escalated: boolean;
  escalation_category?: string;
  medication_verdict?: 'blocked' | 'caution' | 'ok';
  /** Overrides the default emergency number (zh 120, en 911/112). */
  locale_emergency_number?: string;
  /**
   * The request carried a risk signal besides escalation (an urgent or emergency risk level,
   * red flags the gate saw): "no need to see a doctor" is then never excused by a condition.
   * Escalation and a blocked or caution medication verdict count as risk on their own.
   */
  risk_signal?: boolean;
}

export interface FinalSafetyOutput {
  text: string;
  actions: SafetyAction[];
}

const SEP = '\n\n';

function guidanceFor(input: FinalSafetyInput): string {
  const number = emergencyNumber(input, input.lang);
  const hint = input.escalation_category === undefined ? undefined : FAMILY_HINTS[input.escalation_category];
  const lead = emergencyLead(input.lang, number);
  if (hint === undefined) return lead;
  return input.lang === 'zh' ? `${lead}${hint.zh}` : `${lead} ${hint.en}`;
}

function removeAll(text: string, block: string): string {
  if (block === '') return text;
  return text.split(block).join('');
}

/** Takes our own blocks off so they can be re-added in the canonical place. */
function stripManaged(text: string, guidance: string | undefined, disclaimer: string): string {
  let body = text;
  if (guidance !== undefined) body = removeAll(body, guidance);
  body = removeAll(body, disclaimer);
  return body.trim();
}

function stripMedicationBlock(text: string, block: string): string {
  return text.split(`${block}\n`).join('').split(block).join('');
}

/** Puts the blocking statement before the first medication sentence (or on top). */
function insertMedicationBlock(text: string, block: string): string {
  if (text === '') return block;
  let offset = 0;
  for (const s of sentences(text)) {
    if (isMedicationSentence(s)) {
      const lead = s.length - s.trimStart().length;
      const at = offset + lead;
      return `${text.slice(0, at)}${block}\n${text.slice(at)}`;
    }
    offset += s.length;
  }
  return `${block}\n${text}`;
}

function emergencyNumber(input: FinalSafetyInput, lang: 'zh' | 'en'): string {
  return input.locale_emergency_number?.trim() || DEFAULT_EMERGENCY_NUMBER[lang];
}

function hasRisk(input: FinalSafetyInput): boolean {
  return input.risk_signal === true || input.escalated || input.medication_verdict === 'blocked' || input.medication_verdict === 'caution';
}

/**
 * The reason codes of the advice rules, one action per reason: `answer_blocked` when the
 * whole answer was replaced, else `advice_rewritten`; the detail names the reason and rules.
 */
function adviceActions(findings: readonly AdviceFinding[], blockedBy: string[] | undefined): SafetyAction[] {
  if (findings.length === 0) return [];
  const byReason = new Map<string, Set<string>>();
  for (const f of findings) {
    const ids = byReason.get(f.reason) ?? new Set<string>();
    ids.add(f.rule_id);
    byReason.set(f.reason, ids);
  }
  const parts = [...byReason.entries()].map(([reason, ids]) => `${reason}: ${[...ids].join(',')}`);
  if (blockedBy) return [{ kind: 'answer_blocked', detail: `${blockedBy.join(',')} (${parts.join('; ')})` }];
  return parts.map((detail) => ({ kind: 'advice_rewritten', detail }));
}

export function applyFinalSafety(input: FinalSafetyInput): FinalSafetyOutput {
  if (typeof input.text !== 'string') throw new InvalidSafetyInputError('final safety input text must be a string');
  const actions: SafetyAction[] = [];
  const lang: 'zh' | 'en' = input.lang === 'en' ? 'en' : 'zh';
  const guidance = input.escalated ? guidanceFor({ ...input, lang }) : undefined;
  const disclaimer = DISCLAIMER[lang];
  const original = input.text;
  let body = stripManaged(original, guidance, disclaimer);

  const block = MEDICATION_BLOCK[lang];
  const blocked = input.medication_verdict === 'blocked';
  if (blocked) body = stripMedicationBlock(body, block).trim();

  // One rewrite can expose another (a replaced dose creates a word boundary before
  // "you have..."; a removed softener joins two fragments), so all of them run together
  // until the text stops changing. Only then is the medication block placed.
  let hedgedCount = 0;
  let dosedCount = 0;
  let softenedCount = 0;
  const doseIds = new Set<string>();
  const findings: AdviceFinding[] = [];
  let blockedBy: string[] | undefined;
  const adviceCtx = { lang, risk: hasRisk(input), emergencyNumber: emergencyNumber(input, lang) };
  for (let round = 0; round < 6; round++) {
    // Dangerous advice first: a blocked answer is replaced whole, and nothing else runs on it.
    const screened = screenAdvice(body, adviceCtx);
    findings.push(...screened.findings);
    if (screened.blocked) {
      blockedBy = screened.blocked;
      body = screened.text;
      break;
    }
    const hedged = hedgeDiagnoses(screened.text);
    const dosed = softenDosing(hedged.text);
    const softened = blocked ? removeSoftening(dosed.text) : { text: dosed.text, count: 0 };
    hedgedCount += hedged.count;
    dosedCount += dosed.count;
    for (const id of dosed.rule_ids) doseIds.add(id);
    softenedCount += softened.count;
    // Trimmed every round: the second application starts from trimmed text too.
    const next = softened.text.trim();
    if (next === body) break;
    body = next;
  }
  actions.push(...adviceActions(findings, blockedBy));
  if (hedgedCount > 0) actions.push({ kind: 'diagnosis_hedged', detail: `${hedgedCount} definitive diagnosis statement(s) rewritten` });
  if (dosedCount > 0) {
    actions.push({ kind: 'dosing_softened', detail: `${dosedCount} specific dosing instruction(s) replaced (dose_given: ${[...doseIds].join(',')})` });
  }
  if (softenedCount > 0) actions.push({ kind: 'medication_softening_removed', detail: `${softenedCount} reassuring phrase(s) removed` });
  if (blocked) {
    const placed = insertMedicationBlock(body.trim(), block);
    if (!original.includes(`${block}\n`) && !original.includes(block)) {
      actions.push({ kind: 'medication_block_placed', detail: 'blocking statement placed first in the medication section' });
    }
    body = placed;
  }
  body = body.trim();

  const parts = [guidance, body, disclaimer].filter((p): p is string => p !== undefined && p !== '');
  const text = parts.join(SEP);
  if (guidance !== undefined && !original.startsWith(guidance)) {
    actions.push({ kind: 'emergency_guidance_prepended', detail: input.escalation_category ?? 'unspecified' });
  }
  if (!original.endsWith(disclaimer)) actions.push({ kind: 'disclaimer_appended', detail: lang });
  if (text !== original && actions.length === 0) actions.push({ kind: 'layout_normalised', detail: 'managed blocks re-placed' });
  return { text, actions };
}

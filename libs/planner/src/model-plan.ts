import { validateTaskPlan, type TaskPlan } from '@medagent/contracts';
import { isCjk } from './features';
import { PLANNER_INSTRUCTION_MAX_CHARS } from './instructions';

// A chat model's plan is untrusted input: it must parse, pass the contract and
// quote the user's question, or the lead falls back to the offline plan.

export const PLANNER_SYSTEM_PROMPT = `You are the planner of a medical question-answering service (users write Chinese or English).
Split the user's message into the tasks it asks for and reply with JSON only, no prose:
{"complexity":"simple"|"complex","tasks":[{"task_id":"t1","task_type":"...","agent":"...","instruction":"..."}]}
task_type -> agent (owner):
- risk_triage (how serious/urgent, whether/when/where to see a doctor, personal risk) -> triage
- symptom_analysis (possible causes of the symptoms, which tests) -> triage
- general_consultation (knowledge about a disease, drug, test or vaccine) -> consultation
- lifestyle_guidance (diet, exercise, sleep, smoking, weight, self-care) -> consultation
- disease_classification (ICD codes, classification, staging, grading) -> research
- clinical_research (trials, studies, evidence behind a treatment) -> research
- clinical_guideline (what a named or current guideline recommends) -> research
Rules: each agent gets at most one task; if two types of one agent are asked, keep the one that dominates.
1 task = "simple", 2-3 tasks = "complex". Ids t1..t3 in the order triage, consultation, research.
Each instruction is in the user's language, quotes the exact words of the question(s) it answers plus the
background it needs (the worker sees nothing else), and is at most ${PLANNER_INSTRUCTION_MAX_CHARS} characters.`;

export type ModelPlanParse = { ok: true; plan: TaskPlan } | { ok: false; reason: string };

const FENCED = /```(?:json|JSON)?\s*\n?([\s\S]*?)```/;

function extractJson(raw: string): string | undefined {
  const fenced = FENCED.exec(raw);
  if (fenced?.[1]?.trim()) return fenced[1].trim();
  const first = raw.indexOf('{');
  const last = raw.lastIndexOf('}');
  return first >= 0 && last > first ? raw.slice(first, last + 1) : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Maps the deprecated worker alias before validation; everything else is left for the contract to judge. */
function normaliseAliases(value: unknown): unknown {
  let plan = value;
  if (isRecord(plan) && Object.keys(plan).length === 1 && isRecord(plan['plan'])) plan = plan['plan'];
  if (!isRecord(plan) || !Array.isArray(plan['tasks'])) return plan;
  const tasks: unknown[] = plan['tasks'];
  return {
    ...plan,
    tasks: tasks.map((task) =>
      isRecord(task) && task['agent'] === 'diagnostic' ? { ...task, agent: 'triage' } : task,
    ),
  };
}

function anchors(message: string): Set<string> {
  const out = new Set<string>();
  const chars = Array.from(message.normalize('NFKC').toLowerCase());
  for (let i = 0; i + 1 < chars.length; i += 1) {
    const a = chars[i] ?? '';
    const b = chars[i + 1] ?? '';
    if (isCjk(a) && isCjk(b)) out.add(a + b);
  }
  for (const word of message.toLowerCase().match(/[a-z0-9][a-z0-9-]{3,}/g) ?? []) out.add(word);
  return out;
}

/** True when the instruction carries at least one chunk of the user's own words. */
function grounded(instruction: string, messageAnchors: Set<string>): boolean {
  if (messageAnchors.size === 0) return true;
  const text = instruction.normalize('NFKC').toLowerCase();
  for (const anchor of messageAnchors) if (text.includes(anchor)) return true;
  return false;
}

export function parseModelPlan(raw: string, message: string): ModelPlanParse {
  const json = extractJson(raw);
  if (json === undefined) return { ok: false, reason: 'no_json: the reply contains no JSON object' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return { ok: false, reason: 'invalid_json: the reply is not parseable JSON' };
  }
  const checked = validateTaskPlan(normaliseAliases(parsed));
  if (!checked.ok) {
    const detail = checked.violations.map((v) => `${v.rule}: ${v.message}`).join('; ');
    return { ok: false, reason: `contract_violation: ${detail}` };
  }
  const messageAnchors = anchors(message);
  for (const task of checked.plan.tasks) {
    if (Array.from(task.instruction).length > PLANNER_INSTRUCTION_MAX_CHARS) {
      return {
        ok: false,
        reason: `instruction_too_long: ${task.task_id} exceeds ${PLANNER_INSTRUCTION_MAX_CHARS} characters`,
      };
    }
    // A worker never sees the message, so an instruction that quotes none of it cannot be answered.
    if (!grounded(task.instruction, messageAnchors)) {
      return {
        ok: false,
        reason: `instruction_not_grounded: ${task.task_id} quotes nothing from the message`,
      };
    }
  }
  return { ok: true, plan: checked.plan };
}

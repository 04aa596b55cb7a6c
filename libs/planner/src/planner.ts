import { decideClauses, messageCues, signalFor, TYPE_PRIORITY, type ClauseDecision, type MessageCues } from './classify';
import {
  TASK_OWNER,
  TASK_TYPES,
  type PlannedTask,
  type TaskPlan,
  type TaskType,
  type WorkerRole,
} from '@medagent/contracts';
import { detectLang, hasCjk } from './features';
import { buildEscalationInstruction, buildInstruction } from './instructions';
import { MODEL_LABELS, checkModelFile, createScorer, type NbModelFile, type NbScorer } from './naive-bayes';
import { splitClauses, type Clause } from './segment';
import modelFile from './model/router-model.json';

export interface PlanOptions {
  lang?: 'zh' | 'en';
  /** Short-term memory summary; passed to workers as background, never used for routing. */
  memorySummary?: string;
}

export interface PlanPart {
  text: string;
  start: number;
  end: number;
  task_type: TaskType;
  score: number;
}

export interface PlanResult {
  plan: TaskPlan;
  parts: PlanPart[];
  /** Rule ids and merge decisions only: safe to log, never contains user text. */
  rationale: string;
}

export const PLANNER_VERSION = 'offline-router/1';

// Risk first so the triage answer leads any synthesis.
const WORKER_ORDER: readonly WorkerRole[] = ['triage', 'consultation', 'research'];

const MODEL_TEMPERATURE = 2;
let cachedScorer: NbScorer | undefined;
function scorer(): NbScorer {
  cachedScorer ??= createScorer(checkModelFile(modelFile), MODEL_TEMPERATURE);
  return cachedScorer;
}

interface WorkingPart extends PlanPart {
  strength: number;
  via: string[];
}

function span(message: string, start: number, end: number): string {
  return message.slice(start, end).trim();
}

function assembleParts(message: string, clauses: readonly Clause[], decisions: readonly ClauseDecision[]) {
  const parts: WorkingPart[] = [];
  const contextIdx: number[] = [];
  let lastIntentIdx = -2;
  decisions.forEach((decision, i) => {
    const clause = clauses[i];
    if (!clause) return;
    const type = decision.type;
    if (!type) {
      contextIdx.push(i);
      return;
    }
    // Dominance counts rule evidence; a model-only clause still counts, but less than any cue.
    const cue = decision.signal.rule[type];
    const strength = cue > 0 ? cue : decision.score;
    const last = parts[parts.length - 1];
    if (last && last.task_type === type && lastIntentIdx === i - 1) {
      last.end = clause.end;
      last.strength += strength;
      last.score = Math.max(last.score, decision.score);
      last.via.push(decision.via);
    } else {
      // "饮食、运动如何调整": an enumerated item before "、" belongs to the question after it.
      const prev = clauses[i - 1];
      const attach =
        prev &&
        contextIdx[contextIdx.length - 1] === i - 1 &&
        (prev.closer === '、' || decision.frameFrom === i - 1 || decisions[i - 1]?.leadIn === true);
      if (attach) contextIdx.pop();
      parts.push({
        text: '',
        start: attach ? prev.start : clause.start,
        end: clause.end,
        task_type: type,
        score: decision.score,
        strength,
        via: [decision.via],
      });
    }
    lastIntentIdx = i;
  });
  for (const part of parts) part.text = span(message, part.start, part.end);
  // Contiguous context clauses are quoted as one background span, punctuation kept.
  const background: string[] = [];
  let runStart = -1;
  let runEnd = -1;
  contextIdx.forEach((idx, k) => {
    const clause = clauses[idx];
    if (!clause) return;
    if (runStart < 0) runStart = clause.start;
    runEnd = clause.end;
    if (contextIdx[k + 1] !== idx + 1) {
      background.push(span(message, runStart, runEnd).replace(/\s*[，,、：；;—–-]+$/, ''));
      runStart = -1;
    }
  });
  return { parts, background };
}

function fallbackPart(message: string, model: NbScorer, cues: MessageCues): WorkingPart {
  // Nothing was asked explicitly (a bare statement): use every cue in the whole text, then the model.
  const signal = signalFor(message, cues);
  let type: TaskType = 'general_consultation';
  let top = 0;
  for (const t of TYPE_PRIORITY) {
    if (signal.rule[t] > top) {
      top = signal.rule[t];
      type = t;
    }
  }
  if (top === 0) {
    const posterior = model.posterior(message);
    let bestP = 0;
    for (const t of TASK_TYPES) {
      const p = posterior[MODEL_LABELS.indexOf(t)] ?? 0;
      if (p > bestP) {
        bestP = p;
        type = t;
      }
    }
  }
  const text = message.trim();
  const start = Math.max(0, message.indexOf(text));
  return {
    text,
    start,
    end: start + text.length,
    task_type: type,
    score: 0.3,
    strength: top,
    via: ['fallback'],
  };
}

function dominantType(parts: readonly WorkingPart[]): TaskType {
  const weight = new Map<TaskType, number>();
  for (const part of parts) weight.set(part.task_type, (weight.get(part.task_type) ?? 0) + part.strength);
  let winner: TaskType = parts[0]?.task_type ?? 'general_consultation';
  for (const type of TYPE_PRIORITY) {
    if ((weight.get(type) ?? -1) > (weight.get(winner) ?? -1)) winner = type;
  }
  return winner;
}

export function planFromMessage(message: string, opts: PlanOptions = {}): PlanResult {
  return planWithModel(scorer(), message, opts);
}

/**
 * A planner over another model file (training and leave-one-source-out evaluation
 * compare models; production always uses the committed one through planFromMessage).
 */
export function createPlanner(model: NbModelFile): (message: string, opts?: PlanOptions) => PlanResult {
  const own = createScorer(checkModelFile(model), MODEL_TEMPERATURE);
  return (message, opts = {}) => planWithModel(own, message, opts);
}

function planWithModel(model: NbScorer, message: string, opts: PlanOptions): PlanResult {
  const lang = opts.lang ?? detectLang(message);
  const clauses = splitClauses(message, hasCjk(message));
  // Read once per message: the clauses' decisions and, for a bare statement, the fallback.
  const cues = messageCues(message);
  const decisions = decideClauses(clauses, model, cues);
  const assembled = assembleParts(message, clauses, decisions);
  const parts = assembled.parts.length > 0 ? assembled.parts : [fallbackPart(message, model, cues)];
  const background = assembled.parts.length > 0 ? assembled.background : [];

  const tasks: PlannedTask[] = [];
  const notes: string[] = [];
  for (const worker of WORKER_ORDER) {
    const mine = parts.filter((p) => TASK_OWNER[p.task_type] === worker);
    if (mine.length === 0) continue;
    const type = dominantType(mine);
    const dropped = Array.from(new Set(mine.map((p) => p.task_type).filter((t) => t !== type)));
    notes.push(`${worker}=${type}${dropped.length ? ` (merged ${dropped.join('+')})` : ''}`);
    tasks.push({
      task_id: `t${tasks.length + 1}`,
      task_type: type,
      agent: worker,
      // Dominated parts stay in the quote: the same worker still answers them.
      instruction: buildInstruction({
        lang,
        type,
        quotes: mine.map((p) => p.text),
        background,
        memorySummary: opts.memorySummary,
      }),
    });
  }
  // Valid by construction (one task per worker, owner-typed, ids t1..t3); the contract
  // validation is asserted in the specs and re-run by the coordinator, not here, to keep
  // planning well under its latency budget.
  const plan: TaskPlan = { complexity: tasks.length === 1 ? 'simple' : 'complex', tasks };
  const firedByPart = parts.map((p) => `${p.task_type}<${p.via.join('+')}>`).join(' ');
  // The fired ids of the clauses that became parts, each once in first-seen order (a plain
  // loop: flatMap over the decisions was a twentieth of the whole plan's CPU).
  const firedIds = new Set<string>();
  for (const d of decisions) if (d.type) for (const id of d.signal.fired) firedIds.add(id);
  const fired = Array.from(firedIds).join(',');
  return {
    plan,
    parts: parts.map(({ text, start, end, task_type, score }) => ({
      text,
      start,
      end,
      task_type,
      score: Math.round(score * 1000) / 1000,
    })),
    rationale: `${PLANNER_VERSION}; clauses=${clauses.length}; parts: ${firedByPart}; ${notes.join('; ')}; cues=[${fired}]`,
  };
}

/** The single risk_triage plan the coordinator uses when the pre-risk gate escalates. */
export function escalationPlan(message: string, opts: PlanOptions = {}): TaskPlan {
  const lang = opts.lang ?? detectLang(message);
  return {
    complexity: 'simple',
    tasks: [
      {
        task_id: 't1',
        task_type: 'risk_triage',
        agent: 'triage',
        instruction: buildEscalationInstruction(lang, message, opts.memorySummary),
      },
    ],
  };
}

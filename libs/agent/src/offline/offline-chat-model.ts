import { isTaskType, type Lang, type TaskType } from '@medagent/contracts';
import { composeFromObservations } from '../compose';
import { detectLang } from '../lexicon';
import type {
  ChatMessage,
  ChatModel,
  ChatRequest,
  ChatResponse,
  ChatToolCall,
  ToolSchema,
} from '../model/chat-model';
import { countMessageTokens, countTokens } from '../model/tokens';
import { isErrorObservation, observationSummary } from '../loop/observation';
import { INSTRUCTION_CLOSE, INSTRUCTION_OPEN, PROMPT_KEYS } from '../prompt';
import { primaryTools } from '../registry/task-tools';
import { buildArgs, readFacts } from './facts';
import { routingText, unfence } from '../injection';

interface TaskView {
  taskType: TaskType;
  lang: Lang;
  instruction: string;
}

/** Reads the task the way a model would: from the prompt text, not from side channels. */
function readTask(messages: readonly ChatMessage[]): TaskView {
  const system = messages.find((m) => m.role === 'system')?.content ?? '';
  const user = messages.find((m) => m.role === 'user')?.content ?? '';
  const field = (key: string): string | undefined =>
    new RegExp(`^${key}:\\s*(\\S+)\\s*$`, 'm').exec(system)?.[1];
  const open = user.indexOf(INSTRUCTION_OPEN);
  const close = user.indexOf(INSTRUCTION_CLOSE);
  // The patient's words are read as the data they are: fence markers off, and what decides
  // the tools (cues, arguments) is the routing text, free of tool names and directives.
  const instruction = unfence(
    open >= 0 && close > open ? user.slice(open + INSTRUCTION_OPEN.length, close) : user,
  ).trim();
  const t = field(PROMPT_KEYS.taskType);
  const l = field(PROMPT_KEYS.lang);
  return {
    taskType: isTaskType(t) ? t : 'general_consultation',
    lang: l === 'zh' || l === 'en' ? l : detectLang(instruction),
    instruction,
  };
}

// A rejection that names the value it wanted, e.g. `/severity: "hihg" is not one of [...] — did you mean "high"?`.
const SUGGESTION = /\/([\w/]+): "([^"]*)" is not one of \[[^\]]*\] — did you mean "([^"]+)"\?/g;

/**
 * Deterministic, offline, and still task-driven: turn 1 picks the tools the task type needs
 * among those it is shown and fills their arguments from the instruction; a rejected call
 * with a suggested fix is retried once; afterwards it writes the answer from the tools'
 * summaries. Token usage is counted with the real tokenizer.
 */
export class OfflineChatModel implements ChatModel {
  readonly name: string;

  constructor(opts: { name?: string } = {}) {
    this.name = opts.name ?? 'offline-deterministic-v1';
  }

  complete(req: ChatRequest): Promise<ChatResponse> {
    const task = readTask(req.messages);
    const assistantTurns = req.messages.filter((m) => m.role === 'assistant').length;
    const calls =
      req.tools.length === 0
        ? []
        : assistantTurns === 0
          ? this.plan(task, req.tools)
          : this.corrections(req.messages, req.tools, assistantTurns);
    const content = calls.length > 0 ? null : this.answer(task, req.messages);
    const completion = content ?? calls.map((c) => c.name + c.arguments).join('\n');
    return Promise.resolve({
      message: { content, tool_calls: calls, refusal: null },
      usage: {
        prompt_tokens: countMessageTokens(req.messages, req.tools),
        completion_tokens: countTokens(completion),
      },
      finish_reason: calls.length > 0 ? 'tool_calls' : 'stop',
    });
  }

  private plan(task: TaskView, tools: readonly ToolSchema[]): ChatToolCall[] {
    const offered = new Map(tools.map((t) => [t.function.name, t]));
    const chosen = primaryTools(task.taskType, task.instruction).filter((n) => offered.has(n));
    // The knowledge base is read for every task it is offered to: a coding or research task
    // still answers in sentences the knowledge base states, not only with codes or a table.
    if (offered.has('search_knowledge') && !chosen.includes('search_knowledge')) chosen.push('search_knowledge');
    const facts = readFacts(routingText(task.instruction), task.lang);
    return chosen.flatMap((name, i) => {
      const schema = offered.get(name)?.function.parameters;
      return schema
        ? [{ id: `call_1_${i + 1}`, name, arguments: JSON.stringify(buildArgs(schema, facts)) }]
        : [];
    });
  }

  /** Re-issues, once per tool, a call whose rejection suggested a valid value. */
  private corrections(
    messages: readonly ChatMessage[],
    tools: readonly ToolSchema[],
    turn: number,
  ): ChatToolCall[] {
    const offered = new Set(tools.map((t) => t.function.name));
    const issued = new Map<string, ChatToolCall>();
    const timesCalled = new Map<string, number>();
    for (const m of messages) {
      if (m.role !== 'assistant') continue;
      for (const c of m.tool_calls ?? []) {
        issued.set(c.id, c);
        timesCalled.set(c.name, (timesCalled.get(c.name) ?? 0) + 1);
      }
    }
    const lastTool = messages.filter((m): m is Extract<ChatMessage, { role: 'tool' }> => m.role === 'tool');
    const out: ChatToolCall[] = [];
    for (const obs of lastTool) {
      const call = issued.get(obs.tool_call_id);
      if (
        !call ||
        !offered.has(call.name) ||
        (timesCalled.get(call.name) ?? 0) > 1 ||
        !isErrorObservation(obs.content)
      )
        continue;
      const fixes = [...obs.content.matchAll(SUGGESTION)];
      if (fixes.length === 0) continue;
      let args: unknown;
      try {
        args = JSON.parse(call.arguments);
      } catch {
        continue;
      }
      for (const [, path, , fix] of fixes) if (path && fix !== undefined) setPath(args, path.split('/'), fix);
      out.push({
        id: `call_${turn + 1}_${out.length + 1}`,
        name: call.name,
        arguments: JSON.stringify(args),
      });
    }
    return out;
  }

  private answer(task: TaskView, messages: readonly ChatMessage[]): string {
    const summaries = messages.flatMap((m) =>
      m.role === 'tool' ? [observationSummary(m.content)].filter((s): s is string => !!s) : [],
    );
    return composeFromObservations({ lang: task.lang, taskType: task.taskType, summaries });
  }
}

function setPath(target: unknown, path: string[], value: string): void {
  let node = target;
  for (const [i, key] of path.entries()) {
    if (!node || typeof node !== 'object') return;
    const rec = node as Record<string, unknown>;
    if (i === path.length - 1) rec[key] = value;
    else node = rec[key];
  }
}

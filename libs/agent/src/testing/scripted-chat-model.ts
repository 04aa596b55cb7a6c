import type { ChatModel, ChatRequest, ChatResponse, ChatUsage, FinishReason } from '../model/chat-model';

export type ScriptStep =
  | ChatResponse
  | { throws: Error }
  | ((req: ChatRequest, index: number) => ChatResponse | Promise<ChatResponse>);

export interface ScriptedCall {
  name: string;
  args: Record<string, unknown> | string;
  id?: string;
}

const DEFAULT_USAGE: ChatUsage = { prompt_tokens: 50, completion_tokens: 10 };

/** A chat model that replays a script and records every request it received (deep copies). */
export class ScriptedChatModel implements ChatModel {
  readonly requests: ChatRequest[] = [];
  private next = 0;

  constructor(
    private readonly steps: readonly ScriptStep[],
    readonly name = 'scripted-model',
    /** When the script runs out: repeat the last step, or fail loudly. */
    private readonly whenExhausted: 'repeat-last' | 'throw' = 'throw',
  ) {}

  static toolCalls(calls: ScriptedCall[], usage: ChatUsage = DEFAULT_USAGE): ChatResponse {
    return {
      message: {
        content: null,
        tool_calls: calls.map((c, i) => ({
          id: c.id ?? `call_${c.name}_${i}_${Math.random().toString(36).slice(2, 8)}`,
          name: c.name,
          arguments: typeof c.args === 'string' ? c.args : JSON.stringify(c.args),
        })),
        refusal: null,
      },
      usage,
      finish_reason: 'tool_calls',
    };
  }

  static text(
    content: string,
    usage: ChatUsage = DEFAULT_USAGE,
    finish: FinishReason = 'stop',
  ): ChatResponse {
    return { message: { content, tool_calls: [], refusal: null }, usage, finish_reason: finish };
  }

  static refusal(reason: string, usage: ChatUsage = DEFAULT_USAGE): ChatResponse {
    return { message: { content: null, tool_calls: [], refusal: reason }, usage, finish_reason: 'stop' };
  }

  get remaining(): number {
    return Math.max(0, this.steps.length - this.next);
  }

  async complete(req: ChatRequest): Promise<ChatResponse> {
    const index = this.requests.length;
    this.requests.push({
      ...req,
      messages: structuredClone(req.messages),
      tools: structuredClone(req.tools),
    });
    let step = this.steps[this.next];
    if (step === undefined) {
      if (this.whenExhausted === 'throw' || this.steps.length === 0)
        throw new Error(`ScriptedChatModel: script exhausted at call ${index + 1}`);
      step = this.steps[this.steps.length - 1];
    } else {
      this.next += 1;
    }
    if (step === undefined) throw new Error('ScriptedChatModel: empty script');
    if (typeof step === 'function') return step(req, index);
    if ('throws' in step) throw step.throws;
    // A fresh copy per call, so call ids stay unique when a step repeats.
    return structuredClone(step);
  }
}

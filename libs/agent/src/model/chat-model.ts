import type { JsonSchema } from '@medagent/contracts';

/** One tool call as the model emitted it; `arguments` is raw JSON text, validated later. */
export interface ChatToolCall {
  id: string;
  name: string;
  arguments: string;
}

/** OpenAI chat-completions message shapes, narrowed to what the loop produces. */
export type ChatMessage =
  | { role: 'system'; content: string }
  | { role: 'user'; content: string }
  | { role: 'assistant'; content: string | null; tool_calls?: ChatToolCall[] }
  | { role: 'tool'; tool_call_id: string; content: string };

/** OpenAI function-tool format. */
export interface ToolSchema {
  type: 'function';
  function: { name: string; description: string; parameters: JsonSchema };
}

export type FinishReason = 'stop' | 'length' | 'tool_calls' | 'content_filter' | 'function_call';

export interface ChatRequest {
  messages: ChatMessage[];
  tools: ToolSchema[];
  maxTokens?: number;
  signal?: AbortSignal;
}

export interface ChatUsage {
  prompt_tokens: number;
  completion_tokens: number;
}

export interface ChatResponse {
  message: { content: string | null; tool_calls: ChatToolCall[]; refusal?: string | null };
  usage: ChatUsage;
  finish_reason: FinishReason;
}

/** The one chat port every role uses: an OpenAI-compatible endpoint or the offline model. */
export interface ChatModel {
  readonly name: string;
  complete(req: ChatRequest): Promise<ChatResponse>;
}

import { createRequire } from 'node:module';
import type { Tiktoken, TiktokenBPE } from 'js-tiktoken/lite' with { 'resolution-mode': 'import' };
import type { ChatMessage, ToolSchema } from './chat-model';

// js-tiktoken ships ESM typings, so a static import fails to typecheck in this CommonJS build
// although its `require` export works; load it through createRequire instead.
const load = createRequire(__filename);

// Building the encoder dominates CLI start-up: o200k_base took ~1.3 s idle, cl100k_base about
// half (measured side by side here), so cl100k_base (GPT-4's tokenizer) is used, built once on first use.
let encoder: Tiktoken | undefined;

function getEncoder(): Tiktoken {
  if (!encoder) {
    const lite = load('js-tiktoken/lite') as { Tiktoken: new (ranks: TiktokenBPE) => Tiktoken };
    const ranks = load('js-tiktoken/ranks/cl100k_base') as TiktokenBPE;
    encoder = new lite.Tiktoken(ranks);
  }
  return encoder;
}

export const TOKENIZER_NAME = 'cl100k_base';

// System prompts and tool schemas repeat on every step and task: count each distinct text once.
const memo = new Map<string, number>();

export function countTokens(text: string): number {
  if (text.length === 0) return 0;
  const hit = memo.get(text);
  if (hit !== undefined) return hit;
  const n = getEncoder().encode(text).length;
  if (text.length > 64) {
    if (memo.size > 2000) memo.clear();
    memo.set(text, n);
  }
  return n;
}

// Per-message framing overhead as documented in OpenAI's cookbook for chat models.
const PER_MESSAGE = 3;
const REPLY_PRIMING = 3;
const PER_TOOL_CALL = 3;

/** Prompt tokens of a chat request: messages plus the tool schemas the model is shown. */
export function countMessageTokens(
  messages: readonly ChatMessage[],
  tools: readonly ToolSchema[] = [],
): number {
  let total = REPLY_PRIMING;
  for (const m of messages) {
    total += PER_MESSAGE + countTokens(m.role);
    if (m.content) total += countTokens(m.content);
    if (m.role === 'assistant' && m.tool_calls) {
      for (const c of m.tool_calls) total += PER_TOOL_CALL + countTokens(c.name) + countTokens(c.arguments);
    }
  }
  if (tools.length > 0) total += countTokens(JSON.stringify(tools));
  return total;
}

/** Injected into the loop so tests and callers may swap the tokenizer. */
export interface TokenCounter {
  text(text: string): number;
  messages(messages: readonly ChatMessage[], tools: readonly ToolSchema[]): number;
}

export const tiktokenCounter: TokenCounter = { text: countTokens, messages: countMessageTokens };

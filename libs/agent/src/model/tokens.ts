import { createRequire } from 'node:module';
import type { Tiktoken, TiktokenBPE } from 'js-tiktoken/lite' with { 'resolution-mode': 'import' };
import type { ChatMessage, ToolSchema } from './chat-model';
import { RecentLists } from '../recent-lists';

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

/** Builds the encoder now (a service calls it at start-up, so no task pays the ~0.5–1 s). */
export function warmTokenizer(): void {
  getEncoder();
}

/** Exact token count straight from the encoder, never memoised (what the memo must reproduce). */
export function encodeCount(text: string): number {
  return text.length === 0 ? 0 : getEncoder().encode(text).length;
}

/**
 * A bounded least-recently-used memo from text to its token count. Exact by construction:
 * a hit returns what the encoder returned for the very same string. Bounded twice: by
 * entries and by the characters of the keys it retains (a key is kept alive by the memo).
 */
export class TokenCountMemo {
  private readonly map = new Map<string, number>();
  private chars = 0;

  constructor(
    readonly maxEntries = 1024,
    /** Total key characters retained (a string of up to 2 bytes per char in V8). */
    readonly maxChars = 2_000_000,
    /** Longer texts are counted every time and never retained. */
    readonly maxKeyChars = 64_000,
  ) {}

  get size(): number {
    return this.map.size;
  }

  get retainedChars(): number {
    return this.chars;
  }

  count(text: string, encode: (text: string) => number): number {
    if (text.length === 0) return 0;
    const hit = this.map.get(text);
    if (hit !== undefined) {
      // Most recently used last: re-insert (a Map iterates in insertion order).
      this.map.delete(text);
      this.map.set(text, hit);
      return hit;
    }
    const n = encode(text);
    if (text.length <= this.maxKeyChars) {
      this.map.set(text, n);
      this.chars += text.length;
      for (const old of this.map.keys()) {
        if (this.map.size <= this.maxEntries && this.chars <= this.maxChars) break;
        this.map.delete(old);
        this.chars -= old.length;
      }
    }
    return n;
  }

  clear(): void {
    this.map.clear();
    this.chars = 0;
  }
}

/**
 * Role names, system prompts, tool schemas and repeated instructions recur on every step and
 * task. Short texts are memoised too: js-tiktoken builds its regular expressions on every
 * `encode` call, so even "user" costs ~15-30 µs to encode and well under 1 µs to look up.
 */
export const tokenCountMemo = new TokenCountMemo();

export function countTokens(text: string): number {
  return tokenCountMemo.count(text, encodeCount);
}

// Per-message framing overhead as documented in OpenAI's cookbook for chat models.
const PER_MESSAGE = 3;
const REPLY_PRIMING = 3;
const PER_TOOL_CALL = 3;

// The four role names are counted once each, outside the LRU memo: every message names one,
// and a memo hit still moves its entry (a delete and a set).
const roleTokens = new Map<string, number>();

function countRole(role: string): number {
  let n = roleTokens.get(role);
  if (n === undefined) {
    n = countTokens(role);
    // Only the roles a ChatMessage can have are kept, so the map stays at four entries.
    if (role === 'system' || role === 'user' || role === 'assistant' || role === 'tool') roleTokens.set(role, n);
  }
  return n;
}

/** Prompt tokens of a chat request: messages plus the tool schemas the model is shown. */
export function countMessageTokens(
  messages: readonly ChatMessage[],
  tools: readonly ToolSchema[] = [],
): number {
  let total = REPLY_PRIMING;
  for (const m of messages) {
    total += PER_MESSAGE + countRole(m.role);
    if (m.content) total += countTokens(m.content);
    if (m.role === 'assistant' && m.tool_calls) {
      for (const c of m.tool_calls) total += PER_TOOL_CALL + countTokens(c.name) + countTokens(c.arguments);
    }
  }
  if (tools.length > 0) total += countToolTokens(tools);
  return total;
}

// Tool lists built from a registry's frozen schemas are counted once per distinct list of
// schema objects: the key is the objects' identities, so the JSON is not even built again.
const schemaIds = new WeakMap<object, number>();
let nextSchemaId = 1;
const toolListMemo = new TokenCountMemo(256);

function frozenSchemaId(t: ToolSchema): number | undefined {
  if (!Object.isFrozen(t) || !Object.isFrozen(t.function)) return undefined;
  let id = schemaIds.get(t);
  if (id === undefined) {
    id = nextSchemaId++;
    schemaIds.set(t, id);
  }
  return id;
}

// The last few lists of frozen schemas counted, matched by the identity of their elements: a
// worker shows the same few lists (one per kind of task) on every task, and a frozen schema
// stays frozen, so the very same objects in the same order are the same JSON and count —
// found without checking each one again or building the memo's key.
const recentToolLists = new RecentLists<ToolSchema, number>(8);

/** Tokens of the tool schemas as sent (their JSON text), exactly `countTokens(JSON.stringify(tools))`. */
export function countToolTokens(tools: readonly ToolSchema[]): number {
  if (tools.length === 0) return countTokens(JSON.stringify(tools));
  const recent = recentToolLists.get(tools);
  if (recent !== undefined) return recent;
  let key = '';
  for (const t of tools) {
    const id = frozenSchemaId(t);
    if (id === undefined) return countTokens(JSON.stringify(tools));
    key += `${id},`;
  }
  return recentToolLists.remember(
    tools,
    toolListMemo.count(key, () => countTokens(JSON.stringify(tools))),
  );
}

/** Injected into the loop so tests and callers may swap the tokenizer. */
export interface TokenCounter {
  text(text: string): number;
  messages(messages: readonly ChatMessage[], tools: readonly ToolSchema[]): number;
}

export const tiktokenCounter: TokenCounter = { text: countTokens, messages: countMessageTokens };

import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { TASK_OWNER, TASK_TYPES, type TaskType } from '@medagent/contracts';
import { buildWorkerPrompt, finalTurnNudge } from '../prompt';
import { ToolRegistry } from '../registry/tool-registry';
import { makeTaskPackage } from '../testing/fixtures';
import { allStubSkills } from '../testing/stub-skills';
import { countMessageTokens, countTokens, encodeCount, TokenCountMemo, tokenCountMemo } from './tokens';
import type { ChatMessage } from './chat-model';

// The shared development sets (../shared/eval/*.dev.jsonl from the repo root), when present.
const REPO_ROOT = resolve(__dirname, '../../../..');
function devTexts(): string[] {
  const out: string[] = [];
  for (const name of ['prerisk.dev.jsonl', 'router.dev.jsonl']) {
    const file = resolve(REPO_ROOT, '../shared/eval', name);
    if (!existsSync(file)) continue;
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      if (!line.trim()) continue;
      const text = (JSON.parse(line) as { text?: unknown }).text;
      if (typeof text === 'string') out.push(text);
    }
  }
  return out;
}

/** Seeded strings mixing ASCII words, CJK, digits, punctuation, whitespace and emoji. */
function generated(n: number, seed = 7): string[] {
  let x = seed;
  const rand = (k: number): number => {
    x = (Math.imul(x, 1_103_515_245) + 12_345) >>> 0;
    return (x >>> 8) % k;
  };
  const pieces = ['the', ' ', 'blood', '血糖', '头晕', '，', '。', '\n', '{"a":1}', '120/80', 'mmHg', '😀', '  ', 'ICD-10', 'É', '\t', 'tool', '饮食'];
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const len = 1 + rand(i % 10 === 0 ? 150 : 30);
    let s = '';
    for (let j = 0; j < len; j++) s += pieces[rand(pieces.length)] ?? '';
    out.push(s);
  }
  return out;
}

/** Every message text and tool schema JSON a worker sends for these instructions. */
function promptTexts(instructions: readonly string[]): { texts: string[]; prompts: { messages: ChatMessage[]; tools: ReturnType<typeof buildWorkerPrompt>['tools'] }[] } {
  const texts: string[] = [];
  const prompts = [];
  for (const [i, instruction] of instructions.entries()) {
    const task_type = TASK_TYPES[i % TASK_TYPES.length] as TaskType;
    const lang = i % 2 === 0 ? 'zh' : 'en';
    const pkg = makeTaskPackage({
      task_type,
      instruction,
      scope: { user_id: 'u', session_id: 's', lang },
      context: { prerisk_category: 'none', prerisk_decision: 'PASS', ...(i % 3 === 0 ? { memory_summary: instruction.slice(0, 20) } : {}) },
    });
    const registry = ToolRegistry.forRole(TASK_OWNER[task_type], allStubSkills());
    const p = buildWorkerPrompt(pkg, registry);
    const messages = [...p.messages, finalTurnNudge(lang)];
    prompts.push({ messages, tools: p.tools });
    texts.push(...messages.map((m) => m.content ?? ''), ...messages.map((m) => m.role), JSON.stringify(p.tools));
  }
  return { texts, prompts };
}

describe('token count memo', () => {
  const instructions = [...devTexts(), ...generated(40, 11)];
  const { texts, prompts } = promptTexts(instructions);
  const corpus = [...texts, ...generated(400)];

  it('counts exactly what the encoder counts, on a miss and on a hit', () => {
    tokenCountMemo.clear();
    const truth = corpus.map(encodeCount);
    expect(corpus.map(countTokens)).toEqual(truth); // misses (and hits for repeated texts)
    expect(corpus.map(countTokens)).toEqual(truth); // hits
    expect([...corpus].reverse().map(countTokens)).toEqual([...truth].reverse());
  });

  it('gives whole prompts the same count with and without the memo', () => {
    const unmemoised = (messages: readonly ChatMessage[], tools: readonly unknown[]): number => {
      let total = 3;
      for (const m of messages) total += 3 + encodeCount(m.role) + encodeCount(m.content ?? '');
      return tools.length > 0 ? total + encodeCount(JSON.stringify(tools)) : total;
    };
    for (const { messages, tools } of prompts) {
      const expected = unmemoised(messages, tools);
      expect(countMessageTokens(messages, tools)).toBe(expected);
      expect(countMessageTokens(messages, tools)).toBe(expected);
      expect(countMessageTokens(messages, [])).toBe(unmemoised(messages, []));
    }
  });

  it('stays exact while evicting, and stays within its entry and character bounds', () => {
    const memo = new TokenCountMemo(16, 2_000, 500);
    let encoded = 0;
    const encode = (s: string): number => {
      encoded++;
      return encodeCount(s);
    };
    const sample = corpus.filter((_, i) => i % 3 === 0);
    const truth = new Map(sample.map((s) => [s, encodeCount(s)]));
    for (let round = 0; round < 2; round++) {
      for (const s of sample) {
        expect(memo.count(s, encode)).toBe(truth.get(s));
        expect(memo.size).toBeLessThanOrEqual(16);
        expect(memo.retainedChars).toBeLessThanOrEqual(2_000);
      }
    }
    expect(encoded).toBeGreaterThan(sample.length); // evicted texts were counted again
  });

  it('keeps the most recently used texts and never retains an over-long one', () => {
    const memo = new TokenCountMemo(2, 1_000_000, 100);
    let encoded = 0;
    const encode = (s: string): number => {
      encoded++;
      return encodeCount(s);
    };
    memo.count('alpha beta', encode);
    memo.count('gamma delta', encode);
    memo.count('alpha beta', encode); // hit: now the most recent
    memo.count('epsilon zeta', encode); // evicts "gamma delta"
    expect(encoded).toBe(3);
    memo.count('alpha beta', encode);
    expect(encoded).toBe(3);
    memo.count('gamma delta', encode);
    expect(encoded).toBe(4);
    const long = 'word '.repeat(40);
    memo.count(long, encode);
    memo.count(long, encode);
    expect(encoded).toBe(6);
    expect(memo.size).toBe(2);
  });

  it('the shared memo stays bounded under many distinct texts', () => {
    tokenCountMemo.clear();
    for (let i = 0; i < 3_000; i++) countTokens(`text number ${i} ${'血糖'.repeat(i % 7)}`);
    expect(tokenCountMemo.size).toBeLessThanOrEqual(tokenCountMemo.maxEntries);
    expect(tokenCountMemo.retainedChars).toBeLessThanOrEqual(tokenCountMemo.maxChars);
  });

  it('still rejects special tokens and counts the empty string as 0', () => {
    expect(countTokens('')).toBe(0);
    expect(() => countTokens('a <|endoftext|> b')).toThrow();
    expect(() => countTokens('a <|endoftext|> b')).toThrow();
  });
});

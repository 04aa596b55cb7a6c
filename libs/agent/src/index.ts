// Model ports
export type {
  ChatMessage,
  ChatModel,
  ChatRequest,
  ChatResponse,
  ChatToolCall,
  ChatUsage,
  FinishReason,
  ToolSchema,
} from './model/chat-model';
export { OpenAIChatModel, type OpenAIChatModelOptions } from './model/openai-chat-model';
export { backoffDelay, mapModelError, parseRetryAfter } from './model/retry';
export {
  countMessageTokens,
  countTokens,
  tiktokenCounter,
  TOKENIZER_NAME,
  type TokenCounter,
  warmTokenizer,
} from './model/tokens';
export { OfflineChatModel } from './offline/offline-chat-model';
export { RecentLists, sameItems } from './recent-lists';
export { buildArgs, readFacts, type QuestionFacts } from './offline/facts';

// Registry, validation, prompt
export {
  ToolRegistry,
  toToolSchema,
  type AnySkill,
  type CallableSkill,
  type CapabilityPolicy,
} from './registry/tool-registry';
export { TASK_TOOLS, cuedTools, primaryTools, relevantTools } from './registry/task-tools';
export {
  ToolCallValidator,
  VALIDATION_CODES,
  argsHashOf,
  type ValidationVerdict,
  type ValidatorOptions,
} from './validation/tool-call-validator';
export { editDistance, nearest } from './validation/edit-distance';
export { buildWorkerPrompt, fenceInstruction, finalTurnNudge, type WorkerPrompt } from './prompt';
export { FENCE_RULE, PATIENT_CLOSE, PATIENT_OPEN, escapeFenceBreakers, fencePatientText, routingText, unfence } from './injection';
export { composeFromObservations, headingFor } from './compose';
export {
  CONDITIONS,
  MEDICATIONS,
  SYMPTOMS,
  detectLang,
  findEntries,
  quotedQuestion,
  readCues,
  type LexiconEntry,
} from './lexicon';

// Loop
export { AgentLoop, type AgentLoopOptions, type AgentRunInput } from './loop/agent-loop';
export type {
  AgentOutcome,
  AgentRunResult,
  BudgetLimit,
  ModelCallRecord,
  ToolOutputRecord,
} from './loop/run-state';
export {
  InMemoryApprovalGate,
  type ApprovalDecision,
  type ApprovalGate,
  type ApprovalRequest,
} from './loop/approval';
export { InMemoryEffectLog, type EffectLog } from './loop/effect-log';
export { SlidingWindowRateLimiter } from './loop/rate-limiter';
export { callIdempotencyKey, isSideEffecting } from './loop/tool-executor';

export { formatObservation } from './loop/observation';

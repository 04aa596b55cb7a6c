// Public entry of @medagent/runtime: composition (embedded / distributed), configuration,
// the client, the service processes (with their HTTP surface) and ops. Benchmarks and
// their harnesses are @medagent/bench (the CLI only).
export { RuntimeConfig, RUNTIME_ENV, loadRuntimeConfig, authConfigFor } from './config';
export { chatModelFor } from './models';
export { serviceModule, startService, type ModelOverrides, type ServiceDeps } from './services';
export { MedagentClient, type AskInput, type AskResult, type AskRecord } from './client';
export { startEmbedded, type EmbeddedOptions, type EmbeddedRuntime } from './embedded';
export { connectInfra, natsConnectParts, REQUEST_BUCKET, type Infra } from './infra';
export { serve, runService, isServeTarget, type ServeTarget, type RunningServices } from './serve';
export { runServiceWithHttp } from './serve-http';
export { replayRequest, rerunTask, type TimelineLine, type RerunReport } from './ops/replay';
export { busIdentity, BUS_IDENTITIES, IDENTITY_PRODUCERS, isBusIdentity, type BusIdentity, type BusIdentityOptions } from './bus-identity';
export { secretsInit, usersConf, type SecretsInitOptions, type SecretsInitResult } from './ops/secrets';
export { listDeadLetters, showDeadLetter, redriveDeadLetter, type DeadLetterLine, type DeadLetterDetail, type RedriveResult } from './ops/dlq';
export { evaluateAnswers, parseAnswerCases, scoreAnswer, summariseAnswers, repeatedSentences, answerBody, type AnswerCase, type AnswerCaseResult, type AnswerEvalReport, type AnswerFigures } from './eval/answers';

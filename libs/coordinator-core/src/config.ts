import { IsIn, IsInt, IsOptional, IsString, Max, Min } from 'class-validator';
import { DEFAULT_DEDUP_WINDOW_MS } from '@medagent/bus';
import { ConfigError, ContractViolationError, decode } from '@medagent/contracts';

/** Inside the result stream's duplicate window, with a margin for clocks of other replicas. */
export const REDELIVER_WINDOW_MS = DEFAULT_DEDUP_WINDOW_MS - 10_000;

/** One typed configuration for the coordinator; invalid values fail at start-up. */
export class CoordinatorConfig {
  /** A task's deadline from dispatch; the coordinator enforces it even if the worker died. */
  @IsInt() @Min(200) @Max(600_000) taskDeadlineMs = 20_000;
  /** The whole request: past it, the answer is built from what has arrived (partial). */
  @IsInt() @Min(500) @Max(1_800_000) requestDeadlineMs = 60_000;
  @IsInt() @Min(100) @Max(120_000) planDeadlineMs = 10_000;
  @IsInt() @Min(100) @Max(300_000) synthesisDeadlineMs = 15_000;
  /** Attempts per task including the first (retries reuse the idempotency key). */
  @IsInt() @Min(1) @Max(5) maxTaskAttempts = 2;
  @IsInt() @Min(1) @Max(32) taskMaxSteps = 6;
  @IsInt() @Min(256) @Max(200_000) taskMaxTokens = 12_000;
  @IsInt() @Min(1) @Max(20) memoryTurns = 6;
  /**
   * How long an artifact's write waits for the other artifacts of its request while their
   * tasks are still open, so they settle in one write (0: write each at once). The artifact
   * that settles the last open task never waits: it writes the whole group at once.
   */
  @IsInt() @Min(0) @Max(1_000) settleHoldMs = 50;
  /**
   * At start-up, requests finished this recently whose result the stream does not hold are
   * delivered (memory turn, result): a crash between an exit's claim and its result leaves
   * a finished record nobody announced. At most the duplicate window less a margin, so a
   * result published meanwhile by another replica is still dropped as a duplicate.
   */
  @IsInt() @Min(0) @Max(REDELIVER_WINDOW_MS) resumeRedeliverMs = 30_000;
  @IsOptional() @IsString() emergencyNumberEn?: string;
  @IsIn(['inherit', 'zh', 'en']) defaultLang: 'inherit' | 'zh' | 'en' = 'inherit';
}

const ENV: Record<string, keyof CoordinatorConfig> = {
  MEDAGENT_TASK_DEADLINE_MS: 'taskDeadlineMs',
  MEDAGENT_REQUEST_DEADLINE_MS: 'requestDeadlineMs',
  MEDAGENT_PLAN_DEADLINE_MS: 'planDeadlineMs',
  MEDAGENT_SYNTHESIS_DEADLINE_MS: 'synthesisDeadlineMs',
  MEDAGENT_MAX_TASK_ATTEMPTS: 'maxTaskAttempts',
  MEDAGENT_TASK_MAX_STEPS: 'taskMaxSteps',
  MEDAGENT_TASK_MAX_TOKENS: 'taskMaxTokens',
  MEDAGENT_MEMORY_TURNS: 'memoryTurns',
  MEDAGENT_SETTLE_HOLD_MS: 'settleHoldMs',
  MEDAGENT_RESUME_REDELIVER_MS: 'resumeRedeliverMs',
  MEDAGENT_EMERGENCY_NUMBER_EN: 'emergencyNumberEn',
};

export const COORDINATOR_ENV_VARS = Object.keys(ENV);

export function loadCoordinatorConfig(
  env: NodeJS.ProcessEnv = process.env,
  overrides: Partial<CoordinatorConfig> = {},
): CoordinatorConfig {
  const raw: Record<string, unknown> = { ...new CoordinatorConfig() };
  for (const [name, key] of Object.entries(ENV)) {
    const v = env[name];
    if (v === undefined || v === '') continue;
    raw[key] = key === 'emergencyNumberEn' ? v : Number(v);
  }
  Object.assign(raw, overrides);
  try {
    return Object.assign(new CoordinatorConfig(), decode(CoordinatorConfig, raw, 'coordinator config'));
  } catch (e) {
    const msg = e instanceof ContractViolationError ? e.message : String(e);
    throw new ConfigError(msg, { cause: e });
  }
}

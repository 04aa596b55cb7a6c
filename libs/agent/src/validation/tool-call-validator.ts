import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import { hashOf, type JsonSchema } from '@medagent/contracts';
import type { ChatToolCall } from '../model/chat-model';
import type { CallableSkill, ToolRegistry } from '../registry/tool-registry';
import { nearest } from './edit-distance';

/** Ledger `error_code`s the validator writes (contracts codes where one fits). */
export const VALIDATION_CODES = {
  capability: 'CAPABILITY_VIOLATION',
  unknownTool: 'UNKNOWN_TOOL',
  malformedJson: 'MALFORMED_ARGUMENTS',
  invalidArgs: 'INVALID_ARGUMENTS',
  loopBroken: 'LOOP_BROKEN',
} as const;

export type ValidationVerdict =
  | { ok: true; call: ChatToolCall; skill: CallableSkill; args: Record<string, unknown>; args_hash: string }
  | {
      ok: false;
      call: ChatToolCall;
      outcome: 'rejected' | 'loop_broken';
      error_code: string;
      observation: string;
      args_hash: string;
      /** The loop breaker fired too often: the task must end as failed. */
      fatal: boolean;
    };

export interface ValidatorOptions {
  /** How many times an identical call may fail before a repeat is refused. */
  maxIdenticalFailures?: number;
  /** How many refused repeats end the task. */
  maxLoopBreaks?: number;
}

// Arguments are checked exactly as the model sent them: coercion would hide model errors.
const ajv = new Ajv({
  allErrors: true,
  coerceTypes: false,
  useDefaults: false,
  strict: false,
  verbose: true,
});
const compiled = new WeakMap<JsonSchema, ValidateFunction>();

function validatorFor(schema: JsonSchema): ValidateFunction {
  let fn = compiled.get(schema);
  if (!fn) {
    fn = ajv.compile(schema as Record<string, unknown>);
    compiled.set(schema, fn);
  }
  return fn;
}

/** Hash of the arguments as a value (key order ignored); raw text when they are not JSON. */
export function argsHashOf(rawArguments: string): string {
  try {
    return hashOf(JSON.parse(rawArguments) as unknown);
  } catch {
    return hashOf({ unparsed: rawArguments });
  }
}

function describe(err: ErrorObject, schema: JsonSchema): string {
  const where = err.instancePath || '(arguments)';
  switch (err.keyword) {
    case 'enum': {
      const allowed = (err.params as { allowedValues?: unknown[] }).allowedValues ?? [];
      const shown = allowed.map((v) => JSON.stringify(v)).join(', ');
      const hint =
        typeof err.data === 'string'
          ? nearest(
              err.data,
              allowed.filter((v): v is string => typeof v === 'string'),
            )
          : undefined;
      return `${where}: ${JSON.stringify(err.data)} is not one of [${shown}]${hint ? ` — did you mean "${hint}"?` : ''}`;
    }
    case 'additionalProperties': {
      const extra = (err.params as { additionalProperty?: string }).additionalProperty ?? '?';
      const props = Object.keys(propertiesAt(schema, err.schemaPath));
      const hint = nearest(extra, props);
      return `${where}: unexpected property "${extra}"${hint ? ` — did you mean "${hint}"?` : ''}`;
    }
    case 'required':
      return `${where}: missing required property "${(err.params as { missingProperty?: string }).missingProperty ?? '?'}"`;
    default:
      return `${where}: ${err.message ?? err.keyword}`;
  }
}

/** The `properties` of the (sub)schema an additionalProperties error points at. */
function propertiesAt(schema: JsonSchema, schemaPath: string): Record<string, JsonSchema> {
  const parts = schemaPath.replace(/^#\/?/, '').split('/').filter(Boolean);
  parts.pop(); // "additionalProperties"
  let node: unknown = schema;
  for (const p of parts)
    node = node && typeof node === 'object' ? (node as Record<string, unknown>)[p] : undefined;
  const props = node && typeof node === 'object' ? (node as JsonSchema).properties : undefined;
  return props ?? {};
}

/**
 * Checks each tool call before anything runs: is the tool this worker's, are the
 * arguments JSON and valid for the skill's schema, and is the model repeating a call that
 * already failed. Every refusal comes back as an observation the model can act on.
 */
export class ToolCallValidator {
  private readonly failures = new Map<string, { count: number; reason: string }>();
  private breaks = 0;
  private readonly maxIdenticalFailures: number;
  private readonly maxLoopBreaks: number;

  constructor(
    private readonly registry: ToolRegistry,
    opts: ValidatorOptions = {},
  ) {
    this.maxIdenticalFailures = opts.maxIdenticalFailures ?? 1;
    this.maxLoopBreaks = opts.maxLoopBreaks ?? 2;
  }

  get loopBreaks(): number {
    return this.breaks;
  }

  validate(call: ChatToolCall): ValidationVerdict {
    const args_hash = argsHashOf(call.arguments);
    const reject = (
      outcome: 'rejected' | 'loop_broken',
      error_code: string,
      observation: string,
      fatal = false,
    ): ValidationVerdict => ({
      ok: false,
      call,
      outcome,
      error_code,
      observation: `ERROR ${error_code}: ${observation}`,
      args_hash,
      fatal,
    });

    const previous = this.failures.get(signature(call.name, args_hash));
    if (previous && previous.count >= this.maxIdenticalFailures) {
      this.breaks += 1;
      return reject(
        'loop_broken',
        VALIDATION_CODES.loopBroken,
        `this exact call to ${call.name} already failed (${previous.reason}); it was not run again. Change the arguments, use another tool, or answer with what you have.`,
        this.breaks >= this.maxLoopBreaks,
      );
    }

    const verdict = this.check(call, args_hash, reject);
    if (!verdict.ok) this.noteFailure(call.name, args_hash, verdict.error_code);
    return verdict;
  }

  /** Records a failed execution so an identical retry is caught by the loop breaker. */
  noteFailure(tool: string, argsHash: string, reason: string): void {
    const key = signature(tool, argsHash);
    const prev = this.failures.get(key);
    this.failures.set(key, { count: (prev?.count ?? 0) + 1, reason });
  }

  private check(
    call: ChatToolCall,
    args_hash: string,
    reject: (o: 'rejected', code: string, obs: string) => ValidationVerdict,
  ): ValidationVerdict {
    const skill = this.registry.get(call.name);
    if (!skill) {
      const tools = this.registry.names().join(', ') || '(none)';
      return this.registry.isForbidden(call.name)
        ? reject(
            'rejected',
            VALIDATION_CODES.capability,
            `tool "${call.name}" is not available to the ${this.registry.role} worker. Your tools: ${tools}.`,
          )
        : reject(
            'rejected',
            VALIDATION_CODES.unknownTool,
            `there is no tool named "${call.name}". Your tools: ${tools}.`,
          );
    }

    let parsed: unknown;
    try {
      parsed = call.arguments.trim() === '' ? {} : JSON.parse(call.arguments);
    } catch (e) {
      const why = e instanceof Error ? e.message : 'parse error';
      return reject(
        'rejected',
        VALIDATION_CODES.malformedJson,
        `arguments for ${call.name} are not valid JSON (${why}). Send one JSON object.`,
      );
    }
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
      return reject(
        'rejected',
        VALIDATION_CODES.malformedJson,
        `arguments for ${call.name} must be a JSON object.`,
      );
    }

    const schema = skill.definition.input_schema;
    const fn = validatorFor(schema);
    if (!fn(parsed)) {
      const problems = (fn.errors ?? []).map((err) => describe(err, schema));
      return reject(
        'rejected',
        VALIDATION_CODES.invalidArgs,
        `invalid arguments for ${call.name}: ${[...new Set(problems)].join('; ')}`,
      );
    }
    return { ok: true, call, skill, args: parsed as Record<string, unknown>, args_hash };
  }
}

function signature(tool: string, argsHash: string): string {
  return `${tool}#${argsHash}`;
}

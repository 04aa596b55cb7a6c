/** Minimal argv parsing: positionals, `--flag`, `--key value`, `--key=value`. */
export interface ParsedArgs {
  positionals: string[];
  flags: Record<string, string | boolean>;
}

export function parseArgs(argv: string[], booleans: readonly string[] = []): ParsedArgs {
  const out: ParsedArgs = { positionals: [], flags: {} };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    if (a === '--') {
      out.positionals.push(...argv.slice(i + 1));
      break;
    }
    if (a.startsWith('--')) {
      const eq = a.indexOf('=');
      if (eq > 0) {
        out.flags[a.slice(2, eq)] = a.slice(eq + 1);
        continue;
      }
      const key = a.slice(2);
      const next = argv[i + 1];
      if (booleans.includes(key) || next === undefined || next.startsWith('--')) out.flags[key] = true;
      else {
        out.flags[key] = next;
        i++;
      }
    } else out.positionals.push(a);
  }
  return out;
}

export function str(args: ParsedArgs, key: string, dflt?: string): string | undefined {
  const v = args.flags[key];
  return typeof v === 'string' ? v : dflt;
}

export function num(args: ParsedArgs, key: string, dflt: number): number {
  const v = args.flags[key];
  if (typeof v !== 'string') return dflt;
  const n = Number(v);
  if (!Number.isFinite(n)) throw new UsageError(`--${key} must be a number, got "${v}"`);
  return n;
}

export class UsageError extends Error {
  readonly code = 'USAGE';
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

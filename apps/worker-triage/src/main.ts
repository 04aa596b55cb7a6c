import 'reflect-metadata';
import { runServiceWithHttp } from '@medagent/runtime';

// Thin entry point: everything else is configuration (see libs/runtime and README).
runServiceWithHttp('worker-triage').catch((e: unknown) => {
  process.stderr.write(`medagent worker-triage: failed to start: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
});

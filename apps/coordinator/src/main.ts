import 'reflect-metadata';
import { runServiceWithHttp } from '@medagent/runtime';

// Thin entry point: everything else is configuration (see libs/runtime and README).
runServiceWithHttp('coordinator').catch((e: unknown) => {
  process.stderr.write(`medagent coordinator: failed to start: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
});

import { SERVICE_IDS } from '@medagent/contracts';
import { isServeTarget, runServiceWithHttp } from '@medagent/runtime';
import { fakeModelLatencyFromEnv, fakeModels } from '@medagent/bench';
import { parseArgs, UsageError } from '../args';

/**
 * `medagent bench serve <target>`: a service process as `medagent serve` runs it, but with
 * the benchmarks' fixed-latency fake model (MEDAGENT_FAKE_MODEL_LATENCY_MS per call) for
 * every role. The chaos soak, distributed orchestration bench and process specs launch
 * their services this way; production configuration cannot select the fake model.
 */
export async function benchServeCommand(argv: string[]): Promise<number> {
  const target = parseArgs(argv).positionals[0] ?? '';
  if (!isServeTarget(target)) throw new UsageError(`medagent bench serve <${[...SERVICE_IDS, 'all'].join('|')}>`);
  await runServiceWithHttp(target, fakeModels(fakeModelLatencyFromEnv()));
  return new Promise<number>(() => undefined);
}

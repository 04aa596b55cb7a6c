import { join } from 'node:path';
import { FileMemoryStore, RedisMemoryStore, type MemoryStore } from '@medagent/memory';

/** Redis when REDIS_URL is set; otherwise a file under MEDAGENT_DATA_DIR (default ./.medagent). */
export function embeddedMemory(env: NodeJS.ProcessEnv = process.env): MemoryStore {
  if (env['REDIS_URL']) return new RedisMemoryStore({ url: env['REDIS_URL'] });
  const dir = env['MEDAGENT_DATA_DIR'] ?? join(process.cwd(), '.medagent');
  return new FileMemoryStore(join(dir, 'memory.json'));
}

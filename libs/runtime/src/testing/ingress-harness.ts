import type { ChatModel } from '@medagent/agent';
import { InMemoryMemoryStore, type MemoryStore } from '@medagent/memory';
import { Collector } from '@medagent/bus/testing';
import type { Envelope } from '@medagent/contracts';
import { RequestStore } from '@medagent/coordinator-core';
import { createIngressApp, type IngressApp, type IngressAppOptions } from '@medagent/http-ingress';
import { createAuthenticator, type Authenticator } from '@medagent/auth';
import { loadRuntimeConfig } from '../config';
import { startEmbedded, type EmbeddedRuntime } from '../embedded';
import { chatModelFor } from '../models';

export { post, readSse, type SseFrame } from '@medagent/http-ingress/testing';

export const SEED = '我最近餐后血糖偏高、偶尔头晕，严重吗、应该何时就医？日常饮食和运动如何调整？请同时给出最新糖尿病临床指南依据。';

export interface Harness {
  rt: EmbeddedRuntime;
  ingress: IngressApp;
  url: string;
  store: RequestStore;
  /** Every bus event, for assertions on what ingress published and what ran. */
  events: Collector<{ env: Envelope; subject: string }>;
  /** Extra latency per worker model call (a request that outlives a short wait). */
  slow: { ms: number };
  /**
   * Pause after the coordinator stored the record, before planning (its memory load): a
   * stream opened right after the 202 then sees every event from plan.requested on.
   */
  intake: { ms: number };
  close(): Promise<void>;
}

/**
 * A real embedded runtime (all five services, offline model) behind a real HTTP listener.
 * `auth` defaults to MEDAGENT_AUTH=none (these suites test the API's behaviour; the
 * security suite passes a real JWT / API-key authenticator).
 */
export async function startHarness(opts: { auth?: Authenticator; http?: Pick<IngressAppOptions, 'headersTimeoutMs' | 'requestTimeoutMs'> } = {}): Promise<Harness> {
  const runtime = loadRuntimeConfig({}, { natsUrl: undefined });
  const base = chatModelFor('worker', runtime);
  const slow = { ms: 0 };
  const workerModel: ChatModel = {
    name: base.name,
    complete: async (req) => {
      if (slow.ms > 0) await new Promise((r) => setTimeout(r, slow.ms));
      return base.complete(req);
    },
  };
  const intake = { ms: 0 };
  const mem = new InMemoryMemoryStore();
  const memory: MemoryStore = {
    backend: mem.backend,
    load: async (user, session, limit) => {
      if (intake.ms > 0) await new Promise((r) => setTimeout(r, intake.ms));
      return mem.load(user, session, limit);
    },
    append: (user, session, turn) => mem.append(user, session, turn),
    history: (user, limit) => mem.history(user, limit),
    close: () => mem.close(),
  };
  const rt = await startEmbedded({ runtime, workerModel, memory });
  // The first request builds the retrieval index synchronously; do it before anything is timed.
  await rt.client.ask({ message: SEED, user_id: 'warm-up', session_id: 'warm-up' });
  const store = new RequestStore(rt.kv);
  const events = new Collector<{ env: Envelope; subject: string }>();
  const sub = await rt.bus.subscribe('medagent.>', (env, subject) => events.push({ env, subject }));
  const auth = opts.auth ?? createAuthenticator({ modes: ['none'] });
  const ingress = await createIngressApp({ bus: rt.bus, store, service: 'coordinator', logger: false, auth, ...opts.http }, 0);
  return {
    rt,
    ingress,
    url: ingress.url,
    store,
    events,
    slow,
    intake,
    close: async () => {
      await ingress.app.close();
      await sub.unsubscribe();
      await rt.close();
    },
  };
}

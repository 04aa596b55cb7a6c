import type { ChatModel } from '@medagent/agent';
import { InMemoryMemoryStore, type MemoryStore } from '@medagent/memory';
import { Collector } from '@medagent/bus';
import type { Envelope } from '@medagent/contracts';
import { RequestStore } from '@medagent/coordinator-core';
import { chatModelFor, loadRuntimeConfig, startEmbedded, type EmbeddedRuntime } from '@medagent/runtime';
import { createAuthenticator, type Authenticator } from '@medagent/auth';
import { createIngressApp, type IngressApp } from '../app';
import type { IngressAppOptions } from '../options';

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

export interface SseFrame {
  event: string;
  id?: string;
  data: Record<string, unknown>;
}

/** Reads an SSE response to its end (the server closes after the terminal event). */
export async function readSse(res: Response, timeoutMs = 20_000): Promise<SseFrame[]> {
  const frames: SseFrame[] = [];
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buf = '';
  const timer = setTimeout(() => void reader.cancel(), timeoutMs);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      buf += decoder.decode(value, { stream: true });
      let at: number;
      while ((at = buf.indexOf('\n\n')) >= 0) {
        const block = buf.slice(0, at);
        buf = buf.slice(at + 2);
        const f: Partial<SseFrame> & { raw?: string } = {};
        for (const line of block.split('\n')) {
          if (line.startsWith('event: ')) f.event = line.slice(7);
          else if (line.startsWith('id: ')) f.id = line.slice(4);
          else if (line.startsWith('data: ')) f.data = JSON.parse(line.slice(6)) as Record<string, unknown>;
        }
        if (f.event && f.data) frames.push(f as SseFrame);
      }
    }
  } finally {
    clearTimeout(timer);
  }
  return frames;
}

export function post(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

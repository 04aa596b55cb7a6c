// HTTP helpers for specs: a JSON POST, and an SSE response read to its end.
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

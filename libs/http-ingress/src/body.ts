import type { IncomingMessage, ServerResponse } from 'node:http';
import { Injectable, type NestMiddleware } from '@nestjs/common';
import { ContractViolationError, PayloadTooLargeError } from '@medagent/contracts';
import { ClientGoneError, HttpStatusError } from './http-errors';
import { parseStrictJson } from './json';
import { MAX_BODY_BYTES } from './options';

type BodyRequest = IncomingMessage & { body?: unknown };

const tooLarge = () => new PayloadTooLargeError(`request body exceeds ${MAX_BODY_BYTES} bytes`);

/** Reads the whole body, failing as soon as it passes `limit` (chunked bodies have no length to check). */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (c: Buffer) => {
      size += c.length;
      if (size > limit) {
        req.off('data', onData);
        // Stop buffering but keep draining so the 413 can still be written on this socket.
        req.resume();
        reject(tooLarge());
        return;
      }
      chunks.push(c);
    };
    req.on('data', onData);
    req.once('end', () => resolve(Buffer.concat(chunks)));
    // The client went away mid-body: not an error of ours, and nobody is left to answer.
    req.once('aborted', () => reject(new ClientGoneError()));
    req.once('error', (e) => reject(req.destroyed || req.socket?.destroyed ? new ClientGoneError(e) : e));
  });
}

/**
 * Strict JSON body parsing with the ingress size limit. Our own instead of body-parser so the
 * limit and error shape hold even when the module is mounted in an app with other defaults.
 */
@Injectable()
export class JsonBodyMiddleware implements NestMiddleware<BodyRequest, ServerResponse> {
  use(req: BodyRequest, _res: ServerResponse, next: (err?: unknown) => void): void {
    this.parse(req).then(
      () => next(),
      (e: unknown) => next(e),
    );
  }

  private async parse(req: BodyRequest): Promise<void> {
    if (req.method !== 'POST' && req.method !== 'PUT' && req.method !== 'PATCH') return;
    const declared = Number(req.headers['content-length'] ?? NaN);
    if (Number.isFinite(declared) && declared > MAX_BODY_BYTES) throw tooLarge();
    // A host app's parser got here first; the length check above is all that is left to do.
    if (req.body !== undefined && (req as { _body?: boolean })._body) return;
    const type = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    if (type && type !== 'application/json' && !type.endsWith('+json')) {
      throw new HttpStatusError(415, 'CONTRACT_VIOLATION', 'Content-Type must be application/json', 'http.content_type');
    }
    const encoding = (req.headers['content-encoding'] ?? 'identity').toLowerCase();
    if (encoding !== 'identity') throw new HttpStatusError(415, 'CONTRACT_VIOLATION', `Content-Encoding ${encoding} is not supported`, 'http.content_encoding');
    const raw = await readBody(req, MAX_BODY_BYTES);
    if (raw.length === 0) {
      req.body = undefined;
      return;
    }
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(raw);
    } catch {
      throw new ContractViolationError('request body is not valid UTF-8', { details: [{ path: '', rule: 'json.encoding', message: 'invalid UTF-8' }] });
    }
    req.body = parseStrictJson(text);
  }
}

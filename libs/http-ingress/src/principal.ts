import type { IncomingMessage, ServerResponse } from 'node:http';
import { createParamDecorator, Inject, Injectable, type ExecutionContext, type NestMiddleware } from '@nestjs/common';
import { InternalError } from '@medagent/contracts';
import type { Principal } from '@medagent/auth';
import { INGRESS_OPTIONS, type IngressOptions } from './options';

type AuthedRequest = IncomingMessage & { principal?: Principal };

/**
 * Authenticates every `/v1/*` request (except the OpenAPI document) before its body is
 * read: an anonymous caller costs one header check, never a 64 kB parse.
 */
@Injectable()
export class AuthMiddleware implements NestMiddleware<AuthedRequest, ServerResponse> {
  constructor(@Inject(INGRESS_OPTIONS) private readonly opts: IngressOptions) {}

  use(req: AuthedRequest, _res: ServerResponse, next: (err?: unknown) => void): void {
    this.opts.auth.authenticate(req.headers).then(
      (p) => {
        req.principal = p;
        next();
      },
      (e: unknown) => next(e),
    );
  }
}

/** The caller's verified principal (set by AuthMiddleware; its absence is a wiring bug). */
export const CurrentPrincipal = createParamDecorator((_data: unknown, ctx: ExecutionContext): Principal => {
  const p = ctx.switchToHttp().getRequest<AuthedRequest>().principal;
  if (!p) throw new InternalError('route reached without authentication');
  return p;
});

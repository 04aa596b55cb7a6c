import type { IncomingMessage, ServerResponse } from 'node:http';
import { Body, Controller, Get, HttpCode, Inject, Param, Post, Req, Res } from '@nestjs/common';
import { CdsHooksService, type CdsResponse } from './cds.service';
import { CdsError } from './errors';
import { CDS_OPTIONS, type CdsOptions } from './options';

/** The URL the EHR called, which the token's `aud` must name (configured base URL first). */
function serviceUrl(opts: CdsOptions, req: IncomingMessage, id: string): string {
  const base = opts.baseUrl ?? `http://${req.headers.host ?? 'localhost'}`;
  return `${base.replace(/\/+$/, '')}/cds-services/${id}`;
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text), 'cache-control': 'no-store' });
  res.end(text);
}

/** Errors leave as {error: {code, message, details}}; a 401 also says how to authenticate. */
function fail(res: ServerResponse, e: unknown): void {
  if (e instanceof CdsError) {
    if (e.status === 401) res.setHeader('www-authenticate', 'Bearer error="invalid_token"');
    send(res, e.status, { error: { code: e.code, message: e.message, details: e.details } });
    return;
  }
  send(res, 500, { error: { code: 'INTERNAL', message: 'internal error', details: [] } });
}

/** CDS Hooks 2.0 on the coordinator's HTTP: discovery, service calls and feedback. */
@Controller('cds-services')
export class CdsHooksController {
  constructor(
    @Inject(CdsHooksService) private readonly svc: CdsHooksService,
    @Inject(CDS_OPTIONS) private readonly opts: CdsOptions,
  ) {}

  @Get()
  discovery(): ReturnType<CdsHooksService['discovery']> {
    return this.svc.discovery();
  }

  @Post(':id')
  @HttpCode(200)
  async call(@Param('id') id: string, @Body() body: unknown, @Req() req: IncomingMessage, @Res() res: ServerResponse): Promise<void> {
    try {
      this.svc.service(id);
      await this.opts.verifier.verify(req.headers.authorization, serviceUrl(this.opts, req, id));
      const out: CdsResponse = this.svc.call(id, body);
      send(res, 200, out);
    } catch (e) {
      fail(res, e);
    }
  }

  @Post(':id/feedback')
  async feedback(@Param('id') id: string, @Body() body: unknown, @Req() req: IncomingMessage, @Res() res: ServerResponse): Promise<void> {
    try {
      this.svc.service(id);
      await this.opts.verifier.verify(req.headers.authorization, `${serviceUrl(this.opts, req, id)}/feedback`);
      this.svc.recordFeedback(id, body);
      send(res, 200, {});
    } catch (e) {
      fail(res, e);
    }
  }
}

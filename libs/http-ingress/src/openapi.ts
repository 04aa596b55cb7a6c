import { EVENT_TYPES, LANGS, MAX_MESSAGE_CHARS, REQUEST_RECORD_JSON_SCHEMA, WORKER_ROLES } from '@medagent/contracts';
import { MAX_DEADLINE_MS } from './dto';
import { MAX_BODY_BYTES, MAX_WAIT_SECONDS } from './options';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: object) => ({ 'application/json': { schema } });
const error = (description: string) => ({ description, content: json(ref('Error')) });
const idParam = (name: string, description: string) => ({ name, in: 'path', required: true, description, schema: { type: 'string', pattern: '^[A-Za-z0-9_.:-]{1,64}$' } });

const { $schema: _dialect, ...recordSchema } = REQUEST_RECORD_JSON_SCHEMA;

/** The answers every authenticated operation may give besides its own. */
function withAuthAnswers(doc: Record<string, unknown>): Record<string, unknown> {
  const paths = doc['paths'] as Record<string, Record<string, { security?: unknown[]; responses: Record<string, unknown> }>>;
  for (const ops of Object.values(paths))
    for (const op of Object.values(ops)) {
      if (op.security && op.security.length === 0) continue;
      op.responses['401'] = error('No credentials (AUTH_MISSING) or invalid ones (AUTH_INVALID); details[0].rule names the check, e.g. jwt.expired');
      op.responses['403'] ??= error('Authenticated but not allowed (AUTH_FORBIDDEN), e.g. user_id.mismatch, approval.role');
      op.responses['405'] = error('Method not allowed on this path (METHOD_NOT_ALLOWED, with Allow)');
    }
  return doc;
}

/** Written by hand (no @nestjs/swagger): it is the integration contract, reviewed like code. */
export function openApiDocument(): Record<string, unknown> {
  return withAuthAnswers({
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: 'medagent HTTP ingress',
      version: '1.0.0',
      description: `Medical consultations for hospital systems. Bodies are JSON, at most ${MAX_BODY_BYTES} bytes. Every error has the Error shape.`,
    },
    // Every /v1 operation needs one of these (the document itself and the probes are public).
    security: [{ bearerJwt: [] }, { apiKey: [] }],
    paths: {
      '/v1/consultations': {
        post: {
          operationId: 'submitConsultation',
          summary: 'Submit a question; answered asynchronously',
          parameters: [
            { name: 'Idempotency-Key', in: 'header', required: false, description: 'Scoped by tenant: the same key and the same submission ⇒ the same request_id, never a second run; any difference in the submission is 409, however many posts race.', schema: { type: 'string', pattern: '^[\\x21-\\x7e]{1,128}$' } },
            { name: 'traceparent', in: 'header', required: false, description: 'W3C trace context; the request joins this trace.', schema: { type: 'string' } },
          ],
          requestBody: { required: true, content: json(ref('ConsultationRequest')) },
          responses: {
            '202': {
              description: 'Accepted (also for an Idempotency-Key replay, then with `Idempotent-Replayed: true`)',
              headers: { Location: { schema: { type: 'string' } }, 'Idempotent-Replayed': { schema: { type: 'string', enum: ['true'] } } },
              content: json(ref('Accepted')),
            },
            '400': error('Body or header violates the contract; details name each path'),
            '409': error('Idempotency-Key reused for a different question'),
            '413': error('Body too large'),
            '415': error('Not JSON'),
            '503': error('Event bus unavailable; retry after Retry-After'),
          },
        },
      },
      '/v1/consultations/{id}': {
        get: {
          operationId: 'getConsultation',
          summary: 'Current state and record; optionally long-poll for the final one',
          parameters: [
            idParam('id', 'request_id from the 202'),
            { name: 'wait', in: 'query', required: false, description: `Seconds (max ${MAX_WAIT_SECONDS}) to wait for a terminal state; on timeout the current state is returned`, schema: { type: 'number', minimum: 0, maximum: MAX_WAIT_SECONDS } },
          ],
          responses: { '200': { description: 'State', content: json(ref('ConsultationStatus')) }, '400': error('Malformed id or wait'), '404': error('Unknown request') },
        },
      },
      '/v1/consultations/{id}/events': {
        get: {
          operationId: 'streamConsultationEvents',
          summary: 'Progress as Server-Sent Events (ids, types, statuses, durations only)',
          description: `First a \`status\` event (the state at connect), then live events named after the bus event types (${EVENT_TYPES.join(', ')}); the stream ends after request.completed or request.failed.`,
          parameters: [idParam('id', 'request_id')],
          responses: {
            '200': { description: 'text/event-stream', content: { 'text/event-stream': { schema: { type: 'string' }, 'x-item-schema': ref('ProgressEvent') } } },
            '404': error('Unknown request'),
          },
        },
      },
      '/v1/approvals/{approval_id}': {
        post: {
          operationId: 'resolveApproval',
          summary: 'Approve or deny a pending skill call (approval.requested)',
          parameters: [idParam('approval_id', 'approval_id from approval.requested')],
          requestBody: { required: true, content: json(ref('ApprovalDecision')) },
          responses: {
            '202': { description: 'Decision published', content: json(ref('ApprovalAccepted')) },
            '400': error('Invalid body, or task/role not of this request'),
            '404': error('Unknown request'),
          },
        },
      },
      '/v1/patient-contexts': {
        post: {
          operationId: 'storePatientContext',
          summary: 'Store a FHIR R4 Bundle; returns the patient_context_ref a consultation can carry',
          requestBody: { required: true, content: json({ type: 'object' }) },
          responses: { '201': { description: 'Stored', content: json({ type: 'object', properties: { patient_context_ref: { type: 'string' } } }) }, '400': { description: 'Not a valid Bundle' } },
        },
      },
      '/v1/openapi.json': { get: { security: [], operationId: 'openapi', summary: 'This document', responses: { '200': { description: 'OpenAPI 3.1', content: json({ type: 'object' }) } } } },
      '/healthz': { get: { security: [], operationId: 'healthz', summary: 'Process is up', responses: { '200': { description: 'ok', content: json({ type: 'object' }) } } } },
      '/readyz': {
        get: {
          security: [],
          operationId: 'readyz',
          summary: 'Bus open and request store readable',
          responses: { '200': { description: 'ready', content: json(ref('Readiness')) }, '503': { description: 'not ready', content: json(ref('Readiness')) } },
        },
      },
      '/metrics': { get: { security: [], operationId: 'metrics', summary: 'Prometheus text format', responses: { '200': { description: 'metrics', content: { 'text/plain': { schema: { type: 'string' } } } } } } },
    },
    components: {
      securitySchemes: {
        bearerJwt: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'OAuth2 access token (RS256 or ES256) from the configured issuer: iss, aud, exp (and nbf) checked. Tenant, user and roles come from its claims (default tenant|tid, sub, roles).',
        },
        apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key', description: 'A static key mapped to a tenant, a user or service principal, and roles (only its SHA-256 is stored).' },
      },
      schemas: {
        ConsultationRequest: {
          type: 'object',
          additionalProperties: false,
          required: ['message', 'session_id'],
          properties: {
            message: { type: 'string', minLength: 1, maxLength: MAX_MESSAGE_CHARS },
            user_id: { type: 'string', minLength: 1, maxLength: 128, description: 'Ignored identity claim: the user is the authenticated principal; a different value is 403. Required only when the server runs with authentication off (development).' },
            session_id: { type: 'string', minLength: 1, maxLength: 128 },
            lang: { enum: [...LANGS], description: 'Detected from the message when absent' },
            patient_context_ref: { type: 'string', minLength: 1, maxLength: 256, description: 'A reference into the hospital system, or `fhir-bundle:<id>` from POST /v1/patient-contexts' },
            patient_context: { type: 'object', description: 'A FHIR R4 Bundle (Patient, MedicationRequest, MedicationStatement, AllergyIntolerance, Condition, Observation for eGFR, potassium and pregnancy status); read by the medication screen' },
            deadline_ms: { type: 'integer', minimum: 100, maximum: MAX_DEADLINE_MS },
          },
        },
        Accepted: {
          type: 'object',
          required: ['request_id', 'status_url', 'events_url'],
          properties: { request_id: { type: 'string' }, status_url: { type: 'string' }, events_url: { type: 'string' } },
        },
        ConsultationStatus: {
          type: 'object',
          required: ['request_id', 'status', 'record'],
          properties: {
            request_id: { type: 'string' },
            status: { enum: [...REQUEST_RECORD_JSON_SCHEMA.properties.status.enum] },
            record: { oneOf: [ref('RequestRecord'), { type: 'null' }], description: 'null only between acceptance and pick-up' },
          },
        },
        RequestRecord: { ...recordSchema, properties: { ...recordSchema.properties, question: { type: 'string' } } },
        ProgressEvent: {
          type: 'object',
          required: ['request_id'],
          properties: {
            request_id: { type: 'string' },
            event_id: { type: 'string' },
            task_id: { type: 'string' },
            status: { type: 'string' },
            duration_ms: { type: 'integer' },
          },
        },
        ApprovalDecision: {
          type: 'object',
          additionalProperties: false,
          required: ['task_id', 'request_id', 'role', 'decision'],
          properties: {
            task_id: { type: 'string', minLength: 1, maxLength: 64 },
            request_id: { type: 'string', minLength: 1, maxLength: 64 },
            role: { enum: [...WORKER_ROLES] },
            decision: { enum: ['approve', 'deny'] },
            by: { type: 'string', minLength: 1, maxLength: 128, description: 'Recorded as the authenticated user; used only with authentication off' },
            reason: { type: 'string', maxLength: 1000 },
          },
        },
        ApprovalAccepted: {
          type: 'object',
          required: ['approval_id', 'request_id', 'task_id', 'decision', 'status'],
          properties: {
            approval_id: { type: 'string' },
            request_id: { type: 'string' },
            task_id: { type: 'string' },
            decision: { enum: ['approve', 'deny'] },
            status: { enum: ['published', 'duplicate'] },
          },
        },
        Readiness: {
          type: 'object',
          required: ['status', 'service'],
          properties: { status: { enum: ['ready', 'not_ready'] }, service: { type: 'string' }, checks: { type: 'object', additionalProperties: { type: 'boolean' } } },
        },
        Error: {
          type: 'object',
          required: ['error'],
          properties: {
            error: {
              type: 'object',
              required: ['code', 'message', 'details'],
              properties: {
                code: { type: 'string', examples: ['CONTRACT_VIOLATION', 'NOT_FOUND', 'CONFLICT', 'PAYLOAD_TOO_LARGE', 'BUS_UNAVAILABLE', 'INTERNAL'] },
                message: { type: 'string' },
                details: {
                  type: 'array',
                  items: { type: 'object', required: ['path', 'message'], properties: { path: { type: 'string' }, message: { type: 'string' } } },
                },
              },
            },
          },
        },
      },
    },
  });
}

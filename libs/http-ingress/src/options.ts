import type { LogLevel } from '@nestjs/common';
import type { Bus, CatchUpBackoff } from '@medagent/bus';
import type { PatientContextStore, RequestStore } from '@medagent/coordinator-core';
import type { CdsOptions } from './cds/options';
import type { Authenticator } from '@medagent/auth';

export interface IngressOptions {
  bus: Bus;
  store: RequestStore;
  /**
   * Who may call: required, so no host app mounts an open API by accident. Development only:
   * `createAuthenticator({ modes: ['none'] })`.
   */
  auth: Authenticator;
  /** Readiness of the request KV; by default a read of a probe key must succeed. */
  kvReady?: () => Promise<boolean>;
  /** Service label on /metrics and /healthz (default `ingress`). */
  service?: string;
  /** Between record reads the broker refused right after a reconnect (default: the bus's). */
  catchUpBackoff?: CatchUpBackoff;
  /** CDS Hooks: token verifier and public base URL (default: from MEDAGENT_CDS_* variables). */
  cds?: Partial<CdsOptions>;
  /** Where `POST /v1/patient-contexts` stores FHIR Bundles for `patient_context_ref`. */
  patientContexts?: PatientContextStore;
}

export interface IngressAppOptions extends IngressOptions {
  /** Interface to bind (default 127.0.0.1; a pod binds 0.0.0.0). */
  host?: string;
  logger?: LogLevel[] | false;
  /** A connection that has not sent its complete headers by then is closed (slowloris); default 10 s. */
  headersTimeoutMs?: number;
  /** The whole request (headers and body) must arrive within this; default 30 s. Responses (long polls, SSE) are not limited. */
  requestTimeoutMs?: number;
}

export const INGRESS_OPTIONS = Symbol('medagent.ingress.options');

/** Hospital gateways send small JSON bodies; anything larger is a client bug or abuse. */
export const MAX_BODY_BYTES = 64 * 1024;
export const MAX_WAIT_SECONDS = 60;

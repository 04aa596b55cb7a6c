import type { CdsTokenVerifier } from './token';

export interface CdsOptions {
  verifier: CdsTokenVerifier;
  /** Public base URL of this service (the `aud` EHRs sign); default: from the request's Host header. */
  baseUrl?: string;
}

export const CDS_OPTIONS = Symbol('medagent.cds.options');

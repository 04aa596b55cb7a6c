import { ContractViolationError, type ErrorDetail } from '@medagent/contracts';
import type { KnowledgeDocument, RetrievalMode, SearchFilters, SearchOptions } from './types';

export const MAX_K = 1000;
const MODES: readonly RetrievalMode[] = ['bm25', 'dense', 'hybrid'];

export interface NormalizedSearch {
  k: number;
  mode: RetrievalMode;
  filters: SearchFilters | undefined;
}

/** Validates caller input once, for both adapters; bad input is a contract violation, not a crash. */
export function normalizeSearchOptions(
  opts: SearchOptions | undefined,
  defaultMode: RetrievalMode,
): NormalizedSearch {
  const k = opts?.k ?? 10;
  const mode = opts?.mode ?? defaultMode;
  const details: ErrorDetail[] = [];
  if (!Number.isInteger(k) || k < 1 || k > MAX_K)
    details.push({ path: 'k', message: `must be an integer in [1, ${MAX_K}]` });
  if (!MODES.includes(mode)) details.push({ path: 'mode', message: `must be one of ${MODES.join(', ')}` });
  const f = opts?.filters;
  if (f?.lang !== undefined && f.lang !== 'zh' && f.lang !== 'en')
    details.push({ path: 'filters.lang', message: 'must be zh or en' });
  for (const key of ['doc_type', 'topics'] as const) {
    const v = f?.[key];
    if (v !== undefined && (!Array.isArray(v) || v.some((x) => typeof x !== 'string')))
      details.push({ path: `filters.${key}`, message: 'must be an array of strings' });
  }
  if (details.length > 0) throw new ContractViolationError('invalid search options', { details });
  return { k, mode, filters: f && Object.values(f).some((v) => v !== undefined) ? f : undefined };
}

export function matchesFilters(doc: KnowledgeDocument, f: SearchFilters): boolean {
  if (f.lang !== undefined && doc.lang !== f.lang) return false;
  if (f.kb_version !== undefined && doc.kb_version !== f.kb_version) return false;
  if (f.doc_type && !f.doc_type.includes(doc.doc_type)) return false;
  if (f.topics && !f.topics.some((t) => doc.topics.includes(t))) return false;
  return true;
}

/** 1 = document allowed; undefined when nothing is filtered (the hot path skips the check). */
export function filterMask(
  docs: readonly KnowledgeDocument[],
  f: SearchFilters | undefined,
): Uint8Array | undefined {
  if (!f) return undefined;
  const mask = new Uint8Array(docs.length);
  docs.forEach((d, i) => (mask[i] = matchesFilters(d, f) ? 1 : 0));
  return mask;
}

/** Checks one record against the KnowledgeDocument shape; returns what is wrong with it. */
export function documentProblems(doc: unknown, at: string): ErrorDetail[] {
  const out: ErrorDetail[] = [];
  const d = doc as Partial<Record<keyof KnowledgeDocument, unknown>> | null;
  if (!d || typeof d !== 'object') return [{ path: at, message: 'must be an object' }];
  for (const key of ['id', 'doc_type', 'title', 'text', 'kb_version'] as const) {
    if (typeof d[key] !== 'string' || (key === 'id' && d[key] === ''))
      out.push({ path: `${at}.${key}`, message: 'must be a string' });
  }
  if (d.lang !== 'zh' && d.lang !== 'en') out.push({ path: `${at}.lang`, message: 'must be zh or en' });
  if (!Array.isArray(d.topics) || d.topics.some((t) => typeof t !== 'string'))
    out.push({ path: `${at}.topics`, message: 'must be an array of strings' });
  const s = d.source as { name?: unknown; year?: unknown; url?: unknown } | undefined;
  if (
    !s ||
    typeof s.name !== 'string' ||
    typeof s.year !== 'number' ||
    (s.url !== undefined && typeof s.url !== 'string')
  ) {
    out.push({ path: `${at}.source`, message: 'must be {name: string, year: number, url?: string}' });
  }
  return out;
}

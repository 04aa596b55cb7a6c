import * as fs from 'node:fs';
import * as path from 'node:path';
import { ContractViolationError, NotFoundError } from '@medagent/contracts';
import { documentProblems } from './filters';
import { seededRandom } from './linalg';
import type { KnowledgeDocument } from './types';

/** A labelled query: ids of the documents that answer it (binary relevance). */
export interface EvalQuery {
  id: string;
  query: string;
  relevant: string[];
}

/** A MedQuAD answer record (Ben Abacha & Demner-Fushman 2019, CC BY 4.0). */
export interface MedquadRecord {
  id: string;
  source: string;
  url: string;
  focus: string;
  synonyms: string[];
  qtype: string;
  text: string;
}

const MEDQUAD_PUBLISHERS: Record<string, string> = {
  CancerGov: 'National Cancer Institute (cancer.gov)',
  GARD: 'Genetic and Rare Diseases Information Center (GARD)',
  GHR: 'Genetics Home Reference (NLM)',
  MPlusHealthTopics: 'MedlinePlus Health Topics (NLM)',
  NIDDK: 'National Institute of Diabetes and Digestive and Kidney Diseases',
  NINDS: 'National Institute of Neurological Disorders and Stroke',
  NIHSeniorHealth: 'NIHSeniorHealth',
  NHLBI: 'National Heart, Lung, and Blood Institute',
  CDC: 'Centers for Disease Control and Prevention',
};

export const MEDQUAD_KB_VERSION = 'medquad-2019';

/**
 * Maps a MedQuAD answer onto the KB record. The title is the answer's section heading as
 * MedQuAD gives it, focus plus question type ("Rett syndrome — symptoms"): the same kind of
 * heading the starter KB titles carry. Synonyms are kept as topics (filterable, not indexed).
 */
export function medquadToDocument(r: MedquadRecord): KnowledgeDocument {
  const publisher = MEDQUAD_PUBLISHERS[r.source] ?? r.source;
  return {
    id: r.id,
    lang: 'en',
    doc_type: 'consumer_health_qa',
    title: `${r.focus} — ${r.qtype}`,
    text: r.text,
    topics: [r.qtype, ...(r.synonyms ?? [])],
    source: { name: `${publisher}, via MedQuAD (CC BY 4.0)`, year: 2019, ...(r.url ? { url: r.url } : {}) },
    kb_version: MEDQUAD_KB_VERSION,
  };
}

export function readJsonl(file: string): unknown[] {
  if (!fs.existsSync(file)) throw new NotFoundError(`no such file: ${file}`);
  const out: unknown[] = [];
  fs.readFileSync(file, 'utf8')
    .split('\n')
    .forEach((line, i) => {
      if (line.trim() === '') return;
      try {
        out.push(JSON.parse(line));
      } catch (e) {
        throw new ContractViolationError(`${file}:${i + 1}: not JSON`, { cause: e });
      }
    });
  return out;
}

function isMedquad(r: unknown): r is MedquadRecord {
  const m = r as Partial<MedquadRecord> | null;
  return (
    !!m &&
    typeof m.focus === 'string' &&
    typeof m.qtype === 'string' &&
    typeof m.text === 'string' &&
    typeof m.id === 'string'
  );
}

/**
 * Loads a corpus from a .jsonl file or a directory of them. Each record is either a starter-KB
 * record (validated) or a MedQuAD answer (mapped by medquadToDocument).
 */
export function loadCorpus(fileOrDir: string): KnowledgeDocument[] {
  if (!fs.existsSync(fileOrDir)) throw new NotFoundError(`no such corpus: ${fileOrDir}`);
  const files = fs.statSync(fileOrDir).isDirectory()
    ? fs
        .readdirSync(fileOrDir)
        .filter((f) => f.endsWith('.jsonl'))
        .sort()
        .map((f) => path.join(fileOrDir, f))
    : [fileOrDir];
  const docs: KnowledgeDocument[] = [];
  for (const file of files) {
    readJsonl(file).forEach((r, i) => {
      if (isMedquad(r)) return docs.push(medquadToDocument(r));
      const problems = documentProblems(r, `${path.basename(file)}:${i + 1}`);
      if (problems.length > 0)
        throw new ContractViolationError(`invalid record in ${file}`, { details: problems });
      docs.push(r as KnowledgeDocument);
    });
  }
  return docs;
}

export function loadQueries(file: string): EvalQuery[] {
  return readJsonl(file).map((r, i) => {
    const q = r as Partial<EvalQuery>;
    if (
      typeof q.id !== 'string' ||
      typeof q.query !== 'string' ||
      !Array.isArray(q.relevant) ||
      q.relevant.some((x) => typeof x !== 'string')
    ) {
      throw new ContractViolationError(`${file}:${i + 1}: expected {id, query, relevant: string[]}`);
    }
    return { id: q.id, query: q.query, relevant: q.relevant };
  });
}

/** The starter knowledge base shipped with the lib (libs/knowledge/data/kb). */
export function starterKbDir(): string {
  return path.join(__dirname, '..', '..', 'data', 'kb');
}

export function loadStarterKb(dir: string = starterKbDir()): KnowledgeDocument[] {
  return loadCorpus(dir);
}

/**
 * A fixed pseudo-random sample (Fisher–Yates with a seeded generator) in the original order,
 * so two runs with the same seed evaluate exactly the same queries.
 */
export function sampleQueries<T>(items: readonly T[], n: number, seed = 7): T[] {
  if (n >= items.length) return [...items];
  const idx = Array.from({ length: items.length }, (_, i) => i);
  const rnd = seededRandom(seed);
  for (let i = idx.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [idx[i], idx[j]] = [idx[j] as number, idx[i] as number];
  }
  return idx
    .slice(0, n)
    .sort((a, b) => a - b)
    .map((i) => items[i] as T);
}

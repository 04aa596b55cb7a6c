// Optional knowledge packs: third-party corpora a user may add beside the starter KB, each with
// its attribution. They are read from the user's copy, never shipped.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { NotFoundError } from '@medagent/contracts';
import { defaultMedquadDir } from './bench-medquad';
import { loadCorpus } from './corpus';
import type { KnowledgeDocument } from './types';

export interface KnowledgePack {
  name: string;
  licence: string;
  /** The attribution to show wherever the pack is installed or cited. */
  notice: string;
  docs: KnowledgeDocument[];
}

const PACK_DIR = path.join(__dirname, '..', '..', 'data', 'packs');

export const KNOWLEDGE_PACKS = {
  medquad: { licence: 'CC BY 4.0', file: 'docs.jsonl', defaultDir: defaultMedquadDir },
} as const;

export type PackName = keyof typeof KNOWLEDGE_PACKS;

export function isPackName(s: string): s is PackName {
  return Object.prototype.hasOwnProperty.call(KNOWLEDGE_PACKS, s);
}

/** Loads a pack from `dir` (a directory holding its file, or the file itself). */
export function loadPack(name: PackName, dir?: string): KnowledgePack {
  const spec = KNOWLEDGE_PACKS[name];
  const where = dir ?? spec.defaultDir();
  const file = fs.existsSync(where) && fs.statSync(where).isDirectory() ? path.join(where, spec.file) : where;
  if (!fs.existsSync(file)) throw new NotFoundError(`pack ${name}: no ${spec.file} at ${where}`);
  const notice = fs.readFileSync(path.join(PACK_DIR, name, 'NOTICE'), 'utf8');
  return { name, licence: spec.licence, notice, docs: loadCorpus(file) };
}

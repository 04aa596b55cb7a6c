import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ContractViolationError } from '@medagent/contracts';
import type { Bm25Data } from './bm25';
import type { LsaState } from './lsa';

/**
 * On-disk layout of one embedded index, in <root>/<name>/<key>/:
 *   manifest.json            what was built, from what, and the document order
 *   terms.json               BM25 vocabulary (term id = array index)
 *   postings.{offsets,docs}.u32, postings.tfs.f32, doclen.f32
 *   vectors.f32              documents × dim, L2-normalised
 *   lsa.terms.json, lsa.{idf,components,sigma}.f32   the fitted LSA model
 * Binary files are raw little-endian typed arrays, so loading is a read plus a view. A
 * directory is written under a temporary name and renamed, so readers never see half an index.
 */
export const INDEX_FORMAT = 1;

export interface IndexManifest {
  format: number;
  key: string;
  analyzer: string;
  embedder: string | null;
  dim: number;
  doc_ids: string[];
  n_terms: number;
  build_ms: number;
  created_at: string;
}

export interface PersistedIndex {
  manifest: IndexManifest;
  bm25: Bm25Data;
  vectors?: Float32Array;
  lsa?: LsaState;
}

/** The workspace root (the directory holding nx.json), else the current directory. */
export function findRepoRoot(from: string = __dirname): string {
  let dir = from;
  for (;;) {
    if (fs.existsSync(path.join(dir, 'nx.json'))) return dir;
    const up = path.dirname(dir);
    if (up === dir) return process.cwd();
    dir = up;
  }
}

/** `MEDAGENT_DATA_DIR/index`, else `.medagent/index` at the repository root. */
export function defaultIndexRoot(): string {
  const env = process.env['MEDAGENT_DATA_DIR'];
  return env ? path.join(env, 'index') : path.join(findRepoRoot(), '.medagent', 'index');
}

type Typed = Uint32Array | Float32Array;

function writeTyped(file: string, arr: Typed): number {
  const buf = Buffer.from(arr.buffer, arr.byteOffset, arr.byteLength);
  fs.writeFileSync(file, buf);
  return buf.byteLength;
}

function readTyped<T extends Typed>(
  file: string,
  Ctor: { new (buf: ArrayBuffer, off: number, len: number): T; BYTES_PER_ELEMENT: number },
): T {
  const buf = fs.readFileSync(file);
  if (buf.byteLength % Ctor.BYTES_PER_ELEMENT !== 0)
    throw new ContractViolationError(`corrupt index file ${file}`);
  // Copy when the Buffer is not aligned for the element type (pooled small reads).
  const ab =
    buf.byteOffset % Ctor.BYTES_PER_ELEMENT === 0
      ? buf.buffer
      : buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength);
  const off = ab === buf.buffer ? buf.byteOffset : 0;
  return new Ctor(ab as ArrayBuffer, off, buf.byteLength / Ctor.BYTES_PER_ELEMENT);
}

export function saveIndex(dir: string, idx: PersistedIndex): number {
  if (fs.existsSync(path.join(dir, 'manifest.json'))) return directoryBytes(dir);
  const tmp = `${dir}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`;
  fs.mkdirSync(tmp, { recursive: true });
  try {
    let bytes = 0;
    const json = (name: string, v: unknown) => {
      const s = JSON.stringify(v);
      fs.writeFileSync(path.join(tmp, name), s);
      bytes += Buffer.byteLength(s);
    };
    json('terms.json', idx.bm25.terms);
    bytes += writeTyped(path.join(tmp, 'postings.offsets.u32'), idx.bm25.offsets);
    bytes += writeTyped(path.join(tmp, 'postings.docs.u32'), idx.bm25.docs);
    bytes += writeTyped(path.join(tmp, 'postings.tfs.f32'), idx.bm25.tfs);
    bytes += writeTyped(path.join(tmp, 'doclen.f32'), idx.bm25.docLen);
    if (idx.vectors) bytes += writeTyped(path.join(tmp, 'vectors.f32'), idx.vectors);
    if (idx.lsa) {
      json('lsa.terms.json', idx.lsa.terms);
      bytes += writeTyped(path.join(tmp, 'lsa.idf.f32'), idx.lsa.idf);
      bytes += writeTyped(path.join(tmp, 'lsa.components.f32'), idx.lsa.components);
      bytes += writeTyped(path.join(tmp, 'lsa.sigma.f32'), idx.lsa.sigma);
    }
    // The manifest goes last: its presence marks a complete index.
    json('manifest.json', idx.manifest);
    fs.mkdirSync(path.dirname(dir), { recursive: true });
    try {
      fs.renameSync(tmp, dir);
    } catch (e) {
      // Another process finished the same index first: same key, same content, keep theirs.
      if (!fs.existsSync(path.join(dir, 'manifest.json'))) throw e;
      fs.rmSync(tmp, { recursive: true, force: true });
    }
    return bytes;
  } catch (e) {
    fs.rmSync(tmp, { recursive: true, force: true });
    throw e;
  }
}

/** The persisted index for `key`, or undefined when absent, of another format, or unreadable. */
export function loadIndex(dir: string, key: string): PersistedIndex | undefined {
  const manifestFile = path.join(dir, 'manifest.json');
  if (!fs.existsSync(manifestFile)) return undefined;
  try {
    const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as IndexManifest;
    if (manifest.format !== INDEX_FORMAT || manifest.key !== key) return undefined;
    const f = (name: string) => path.join(dir, name);
    const bm25: Bm25Data = {
      terms: JSON.parse(fs.readFileSync(f('terms.json'), 'utf8')) as string[],
      offsets: readTyped(f('postings.offsets.u32'), Uint32Array),
      docs: readTyped(f('postings.docs.u32'), Uint32Array),
      tfs: readTyped(f('postings.tfs.f32'), Float32Array),
      docLen: readTyped(f('doclen.f32'), Float32Array),
    };
    const out: PersistedIndex = { manifest, bm25 };
    if (fs.existsSync(f('vectors.f32'))) out.vectors = readTyped(f('vectors.f32'), Float32Array);
    if (fs.existsSync(f('lsa.terms.json'))) {
      out.lsa = {
        terms: JSON.parse(fs.readFileSync(f('lsa.terms.json'), 'utf8')) as string[],
        idf: readTyped(f('lsa.idf.f32'), Float32Array),
        components: readTyped(f('lsa.components.f32'), Float32Array),
        sigma: readTyped(f('lsa.sigma.f32'), Float32Array),
      };
    }
    const n = manifest.doc_ids.length;
    if (bm25.docLen.length !== n || (out.vectors && out.vectors.length !== n * manifest.dim))
      return undefined;
    return out;
  } catch {
    // A damaged index is rebuilt, not fatal: the corpus is the source of truth.
    return undefined;
  }
}

export function directoryBytes(dir: string): number {
  let total = 0;
  for (const name of fs.readdirSync(dir)) total += fs.statSync(path.join(dir, name)).size;
  return total;
}

/** Bytes of the typed arrays an index holds in memory (vocabularies excluded). */
export function memoryBytes(idx: PersistedIndex): number {
  const b = idx.bm25;
  let n =
    b.offsets.byteLength +
    b.docs.byteLength +
    b.tfs.byteLength +
    b.docLen.byteLength +
    (idx.vectors?.byteLength ?? 0);
  if (idx.lsa) n += idx.lsa.idf.byteLength + idx.lsa.components.byteLength + idx.lsa.sigma.byteLength;
  return n;
}

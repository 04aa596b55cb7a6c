import { statSync } from 'node:fs';
import { ElasticsearchRetriever, EmbeddedRetriever, isPackName, loadCorpus, loadPack, type Retriever } from '@medagent/knowledge';
import { parseArgs, str, UsageError } from '../args';

const HELP = `medagent kb ingest <file.jsonl|dir> [--target embedded|elasticsearch] [--name INDEX] [--es-url URL]
medagent kb ingest --pack medquad [DIR] [--target …] [--name INDEX]   (DIR default ../shared/data/medquad)`;

/** Validates and indexes documents; the embedded index persists on disk (MEDAGENT_DATA_DIR). */
export async function kbCommand(argv: string[]): Promise<number> {
  const [sub, ...rest] = argv;
  const args = parseArgs(rest);
  const src = args.positionals[0];
  const packName = str(args, 'pack');
  if (sub !== 'ingest' || (!src && !packName)) throw new UsageError(HELP);
  let docs;
  let attribution: string | undefined;
  if (packName) {
    if (!isPackName(packName)) throw new UsageError(`unknown pack "${packName}" (available: medquad)`);
    const pack = loadPack(packName, src);
    docs = pack.docs;
    attribution = pack.notice;
    // The pack's licence asks for attribution: show it wherever the pack is installed.
    process.stderr.write(`${pack.notice}\n`);
  } else {
    statSync(src as string);
    docs = loadCorpus(src as string);
  }
  const target = str(args, 'target', 'embedded');
  const target0 = str(args, 'target', 'embedded');
  const name = str(args, 'name', target0 === 'elasticsearch' ? 'medagent-kb' : (packName ?? 'custom')) as string;
  let retriever: Retriever;
  if (target === 'elasticsearch') {
    const url = str(args, 'es-url', process.env['ELASTICSEARCH_URL']);
    if (!url) throw new UsageError('--target elasticsearch needs --es-url or ELASTICSEARCH_URL');
    retriever = new ElasticsearchRetriever({ node: url, index: name });
  } else if (target === 'embedded') {
    const e = new EmbeddedRetriever({ name });
    retriever = e;
  } else throw new UsageError(HELP);
  const t0 = Date.now();
  const r = await retriever.ingest(docs);
  if (retriever instanceof EmbeddedRetriever) await retriever.ready();
  const stats = await retriever.stats();
  const fusion = retriever instanceof EmbeddedRetriever ? await retriever.calibration() : undefined;
  const extra = { ...(packName ? { pack: packName, licence: 'CC BY 4.0', attribution_lines: attribution?.split('\n').length } : {}), ...(fusion ? { fusion } : {}) };
  process.stdout.write(`${JSON.stringify({ target, name, ...r, ms: Date.now() - t0, stats, ...extra })}\n`);
  return 0;
}

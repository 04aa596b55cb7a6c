import { statSync } from 'node:fs';
import { ElasticsearchRetriever, EmbeddedRetriever, loadCorpus, type Retriever } from '@medagent/knowledge';
import { parseArgs, str, UsageError } from '../args';

const HELP = 'medagent kb ingest <file.jsonl|dir> [--target embedded|elasticsearch] [--name INDEX] [--es-url URL]';

/** Validates and indexes documents; the embedded index persists on disk (MEDAGENT_DATA_DIR). */
export async function kbCommand(argv: string[]): Promise<number> {
  const [sub, ...rest] = argv;
  const args = parseArgs(rest);
  const src = args.positionals[0];
  if (sub !== 'ingest' || !src) throw new UsageError(HELP);
  statSync(src);
  const docs = loadCorpus(src);
  const target = str(args, 'target', 'embedded');
  const target0 = str(args, 'target', 'embedded');
  const name = str(args, 'name', target0 === 'elasticsearch' ? 'medagent-kb' : 'custom') as string;
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
  process.stdout.write(`${JSON.stringify({ target, name, ...r, ms: Date.now() - t0, stats })}\n`);
  return 0;
}

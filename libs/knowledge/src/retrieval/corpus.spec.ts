import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ContractViolationError, NotFoundError } from '@medagent/contracts';
import { loadCorpus, loadQueries, medquadToDocument, sampleQueries } from './corpus';
import { smallCorpus } from './testing/fixtures';

describe('corpus loaders', () => {
  let dir: string;
  beforeEach(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'medagent-corpus-'))));
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));
  const write = (name: string, rows: unknown[]) =>
    fs.writeFileSync(path.join(dir, name), rows.map((r) => JSON.stringify(r)).join('\n') + '\n');

  const medquad = {
    id: 'GHR-1-1',
    source: 'GHR',
    url: 'https://ghr.nlm.nih.gov/condition/x',
    focus: 'Rett syndrome',
    synonyms: ['RTT'],
    qtype: 'symptoms',
    text: 'Rett syndrome is ...',
  };

  it('maps MedQuAD answers onto knowledge documents with attribution', () => {
    expect(medquadToDocument(medquad)).toEqual({
      id: 'GHR-1-1',
      lang: 'en',
      doc_type: 'consumer_health_qa',
      title: 'Rett syndrome — symptoms',
      text: 'Rett syndrome is ...',
      topics: ['symptoms', 'RTT'],
      source: {
        name: 'Genetics Home Reference (NLM), via MedQuAD (CC BY 4.0)',
        year: 2019,
        url: 'https://ghr.nlm.nih.gov/condition/x',
      },
      kb_version: 'medquad-2019',
    });
  });

  it('reads a file or a directory of .jsonl, mixing starter-KB and MedQuAD records', () => {
    write('a.jsonl', smallCorpus().slice(0, 2));
    write('b.jsonl', [medquad]);
    fs.writeFileSync(path.join(dir, 'notes.txt'), 'ignored');
    expect(loadCorpus(dir).map((d) => d.id)).toEqual(['zh-dm-1', 'zh-dm-2', 'GHR-1-1']);
    expect(loadCorpus(path.join(dir, 'b.jsonl'))).toHaveLength(1);
  });

  it('rejects malformed records with their location', () => {
    write('bad.jsonl', [{ id: 'x', lang: 'de', title: 't', text: 't' }]);
    expect(() => loadCorpus(dir)).toThrow(ContractViolationError);
    fs.writeFileSync(path.join(dir, 'bad.jsonl'), '{not json');
    expect(() => loadCorpus(dir)).toThrow(/bad.jsonl:1: not JSON/);
    expect(() => loadCorpus(path.join(dir, 'missing.jsonl'))).toThrow(NotFoundError);
  });

  it('loads and validates queries', () => {
    write('q.jsonl', [{ id: 'q1', query: '血糖高', relevant: ['a'], qtype: 'x' }]);
    expect(loadQueries(path.join(dir, 'q.jsonl'))).toEqual([{ id: 'q1', query: '血糖高', relevant: ['a'] }]);
    write('q.jsonl', [{ id: 'q1', query: 'x' }]);
    expect(() => loadQueries(path.join(dir, 'q.jsonl'))).toThrow(ContractViolationError);
  });

  it('samples deterministically, in the original order', () => {
    const items = Array.from({ length: 100 }, (_, i) => i);
    const a = sampleQueries(items, 10, 3);
    expect(sampleQueries(items, 10, 3)).toEqual(a);
    expect(sampleQueries(items, 10, 4)).not.toEqual(a);
    expect([...a].sort((x, y) => x - y)).toEqual(a);
    expect(new Set(a).size).toBe(10);
    expect(sampleQueries(items, 500)).toHaveLength(100);
  });
});

import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { isPackName, loadPack } from './packs';

describe('knowledge packs', () => {
  it('loads MedQuAD records from a directory with the CC BY attribution', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pack-'));
    const rec = { id: 'GHR-1', source: 'GHR', url: 'https://example.org/x', focus: 'Rett syndrome', synonyms: [], qtype: 'treatment', text: 'Treatment is supportive.' };
    fs.writeFileSync(path.join(dir, 'docs.jsonl'), `${JSON.stringify(rec)}\n`);
    const pack = loadPack('medquad', dir);
    expect(pack.docs).toHaveLength(1);
    expect(pack.docs[0]).toMatchObject({ id: 'GHR-1', title: 'Rett syndrome — treatment', lang: 'en' });
    expect(pack.docs[0]?.source.name).toMatch(/CC BY 4\.0/);
    expect(pack.notice).toMatch(/Ben Abacha/);
    expect(pack.licence).toBe('CC BY 4.0');
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('names only known packs and fails clearly on a missing copy', () => {
    expect(isPackName('medquad')).toBe(true);
    expect(isPackName('drugbank')).toBe(false);
    expect(() => loadPack('medquad', path.join(os.tmpdir(), 'no-such-pack-dir'))).toThrow(/no docs.jsonl/);
  });
});

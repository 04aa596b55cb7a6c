import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PatientContextStore } from './patient-context.store';

const bundle = { resourceType: 'Bundle', type: 'collection', entry: [] };

describe('PatientContextStore', () => {
  it.each([
    ['in memory', () => new PatientContextStore()],
    ['on disk, read by a second instance', () => new PatientContextStore(mkdtempSync(join(tmpdir(), 'medagent-pc-')))],
  ])('%s: a reference is random and readable only within the tenant that stored it', (_name, make) => {
    const store = make();
    const a = store.put(bundle, 'h1');
    const b = store.put(bundle, 'h1');
    expect(a).not.toBe(b); // not a content hash: nobody can compute a reference from a Bundle
    expect(PatientContextStore.isRef(a)).toBe(true);
    const reader = (store as unknown as { dir?: string }).dir ? new PatientContextStore((store as unknown as { dir: string }).dir) : store;
    expect(reader.get(a, 'h1')).toEqual(bundle);
    expect(reader.get(a, 'h2')).toBeUndefined();
    expect(reader.get('fhir-bundle:0123456789abcdef0123456789abcdef', 'h1')).toBeUndefined();
    const dir = (store as unknown as { dir?: string }).dir;
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
});

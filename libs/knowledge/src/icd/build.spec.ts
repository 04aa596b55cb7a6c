// The shipped icd10.json must be exactly what build-icd.js produces from the reference CSVs.
// Skips locally when /work/shared is absent; fails under CI=true.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

const dataDir = path.resolve(__dirname, '../../data/icd10');
const srcDir = process.env['ICD10_CN_DIR'] ?? path.resolve(dataDir, '../../../../../shared/data/icd10-cn');
const present = fs.existsSync(path.join(srcDir, 'disease.csv'));

describe('icd10.json reproducibility', () => {
  if (!present && process.env['CI'] === 'true') {
    it('needs the icd10-cn reference data under CI', () => {
      throw new Error(`icd10-cn data missing at ${srcDir}; set ICD10_CN_DIR`);
    });
    return;
  }
  (present ? it : it.skip)('matches the output of build-icd.js', () => {
    const r = spawnSync(process.execPath, [path.join(dataDir, 'build-icd.js'), '--check'], {
      env: { ...process.env, ICD10_CN_DIR: srcDir },
      encoding: 'utf8',
    });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
  });

  it('ships the licence and notice next to the data', () => {
    expect(fs.readFileSync(path.join(dataDir, 'LICENSE'), 'utf8')).toContain('MIT License');
    expect(fs.readFileSync(path.join(dataDir, 'NOTICE'), 'utf8')).toMatch(/World Health Organization/);
  });
});

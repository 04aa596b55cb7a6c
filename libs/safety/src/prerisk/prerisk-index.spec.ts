import { readFileSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { candidates, indexPatterns, requiredUnits } from '@medagent/text-index';
import { currentRuleset } from '../rules/ruleset';
import { normalizeText } from '../text/normalize';
import { compileRuleset } from './compile';

// The gate skips a concept's scan when none of its required characters occur in the message
// (gate.ts, collectMatches). That is exact only if every match of every concept contains one of
// them: checked here for the shipped ruleset on every text of the repository's eval/ folder.
const EVAL = resolve(__dirname, '../../../../eval');
const files = ['dev', 'prerisk', 'classifier'].flatMap((d) =>
  readdirSync(resolve(EVAL, d))
    .filter((f) => f.endsWith('.jsonl') && (d !== 'dev' || f.startsWith('prerisk')))
    .map((f) => resolve(EVAL, d, f)),
);
const texts = files.flatMap((f) =>
  readFileSync(f, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => normalizeText((JSON.parse(l) as { text: string }).text)),
);

describe('pre-risk concept index: a skipped concept cannot match', () => {
  it('every match of every concept contains one of its required characters', () => {
    const compiled = compileRuleset(currentRuleset());
    const index = indexPatterns(compiled.concepts.map((c) => c.re));
    let withSet = 0;
    let checked = 0;
    const missed: string[] = [];
    compiled.concepts.forEach(({ id, re }, k) => {
      const units = requiredUnits(re);
      if (units) withSet += 1;
      for (const n of texts) {
        re.lastIndex = 0;
        for (let m = re.exec(n); m !== null; m = re.exec(n)) {
          if (m[0] === '') {
            re.lastIndex++;
            continue;
          }
          checked += 1;
          const hit = units === null || Array.from({ length: m[0].length }, (_, i) => m[0].charCodeAt(i)).some((u) => units.has(u));
          // The index agrees: the whole message makes this concept a candidate.
          if (!hit || candidates(index, n)[k] !== 1) missed.push(`${id}: ${m[0]} in ${n.slice(0, 60)}`);
        }
      }
    });
    expect(missed).toEqual([]);
    // Not vacuous: most concepts are indexed, and thousands of matches were checked.
    expect(texts.length).toBeGreaterThan(2000);
    expect(withSet / compiled.concepts.length).toBeGreaterThan(0.5);
    expect(checked).toBeGreaterThan(1000);
  });
});

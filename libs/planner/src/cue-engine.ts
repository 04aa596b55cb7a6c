import { CLAUSE_CUE_RULES, type ClauseCueRule, type CueContext, type CueWeight } from './cue-rules';

function textFor(rule: ClauseCueRule, x: CueContext): string {
  if (rule.on === 'en') return x.en;
  if (rule.on === 'script') return x.hasCjk ? x.raw : x.en;
  return x.raw;
}

function applyWeight(w: CueWeight, x: CueContext): void {
  const r = x.rule;
  if ('add' in w) r[w.add] += w.by;
  else if ('sub' in w) r[w.sub] = Math.max(0, r[w.sub] - w.by);
  else if ('cap' in w) r[w.cap] = Math.min(r[w.cap], w.at);
  else {
    r[w.absorb] += w.sum ? w.from.reduce((a, t) => a + r[t], 0) : Math.max(...w.from.map((t) => r[t]));
    for (const t of w.from) r[t] = 0;
  }
}

/** Runs the clause cue table in order: script, then guard, then pattern; a rule that holds moves its weight. */
export function applyClauseCues(x: CueContext, rules: readonly ClauseCueRule[] = CLAUSE_CUE_RULES): void {
  for (const rule of rules) {
    if (rule.script === 'cjk' && !x.hasCjk) continue;
    if (rule.script === 'latin' && x.hasCjk) continue;
    if (rule.pattern && !rule.pattern.test(textFor(rule, x))) continue;
    if (rule.guard && !rule.guard(x)) continue;
    for (const w of rule.weight) applyWeight(w, x);
    if (!rule.silent) x.fired.push(rule.id);
  }
}

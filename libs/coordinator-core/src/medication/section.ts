// The answer's medication section: the screen's verdict opens it, on every exit. An escalated
// (emergency) answer shows the screen only when it found conflicts, and never says that no
// conflict was found — that reassurance has no place inside an overdose or emergency answer.
import type { Lang, MedicationScreenRecord, MedicationVerdict } from '@medagent/contracts';
import { dedupeSentences } from '@medagent/zh-text';

const NO_CONFLICT_LINE =
  /^.*(?:no (?:known |medication )?conflicts? (?:was |were )?found|no known conflict|未发现(?:已知)?(?:用药)?冲突|未见(?:需拦截的|已知)?冲突|没有发现严重冲突|no serious conflicts found).*$/gim;

const MARK = { zh: '【用药安全筛查', en: '[Medication screen' } as const;

/** Drops every "no conflicts found" sentence (for escalated answers). */
export function stripNoConflict(text: string): string {
  return text.replace(NO_CONFLICT_LINE, '').replace(/\n{3,}/g, '\n\n').trim();
}

export function withMedicationSection(text: string, screen: MedicationScreenRecord | undefined, escalated: boolean, lang: Lang): string {
  const body = escalated ? stripNoConflict(text) : text;
  if (!screen || body.includes(MARK[lang])) return body;
  const conflicts = screen.findings.filter((f) => f.severity !== 'LOW');
  if (escalated && conflicts.length === 0) return body;
  const section = escalated ? stripNoConflict(screen.text) : screen.text;
  if (!section) return body;
  // The workers often restate the screen's recommendation: each sentence is said once, in the section.
  return dedupeSentences([section, body]).join('\n\n');
}

/** The stricter of the screen's verdict and the workers' (blocked > caution > ok). */
export function strictestVerdict(a: MedicationVerdict | undefined, b: MedicationVerdict | undefined): MedicationVerdict | undefined {
  const rank = { ok: 0, caution: 1, blocked: 2 } as const;
  if (!a) return b;
  if (!b) return a;
  return rank[a] >= rank[b] ? a : b;
}

/** The screen as a task sees it: verdict, findings and blind spots, short. */
export function screenForTask(screen: MedicationScreenRecord): string {
  const lines = [`verdict ${screen.verdict} (${screen.version})`];
  for (const f of screen.findings) lines.push(`${f.severity} ${f.kind}: ${f.between.join(' + ')} — ${f.recommendation}`);
  if (screen.blind_spots.length) lines.push(`not recognised: ${screen.blind_spots.join(', ')}`);
  const out = lines.join('\n');
  return out.length > 2000 ? `${out.slice(0, 1997)}...` : out;
}

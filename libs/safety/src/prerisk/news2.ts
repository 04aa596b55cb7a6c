// NEWS2 aggregate (Royal College of Physicians, 2017) over the numbers a message gives:
// respiration rate, SpO2 (scale 1), systolic BP, heart rate, temperature and new confusion.
// Bands are data (libs/safety/data/vitals.json). Scored only when at least `minParameters`
// physiological numbers are present, so one stray number never makes an aggregate.
import type { Span } from '../types';
import type { ParsedVitals } from '../text/vitals';
import type { ClinicalReadings } from '../text/clinical';
import { readDataJson } from '../rules/load';
import type { RawSignal } from './signals';

interface Band {
  max: number;
  score: number;
}

interface News2Data {
  source: string;
  year: number;
  minParameters: number;
  urgentAt: number;
  emergencyAt: number;
  bands: { respRate: Band[]; spo2: Band[]; systolic: Band[]; heartRate: Band[]; temperature: Band[]; consciousness: { alert: number; newConfusion: number } };
}

const NEWS2 = readDataJson<{ news2: News2Data }>('vitals.json').news2;

function band(bands: readonly Band[], x: number): number {
  for (const b of bands) if (x <= b.max) return b.score;
  return 0;
}

export interface News2Score {
  score: number;
  parameters: number;
  spans: Span[];
}

/** `confusion`: an affirmed altered-state word or GCS below 15 (span of that evidence). */
export function news2(v: ParsedVitals, c: ClinicalReadings, confusion: Span | undefined): News2Score {
  let score = 0;
  let parameters = 0;
  const spans: Span[] = [];
  const take = (x: { value: number; span: Span } | undefined, bands: readonly Band[]) => {
    if (x === undefined) return;
    parameters++;
    score += band(bands, x.value);
    spans.push(x.span);
  };
  take(c.respRate[0], NEWS2.bands.respRate);
  take(v.spo2[0], NEWS2.bands.spo2);
  const sys = v.bp.find((b) => b.systolic !== undefined);
  if (sys?.systolic !== undefined) take({ value: sys.systolic, span: sys.span }, NEWS2.bands.systolic);
  take(v.heartRate[0], NEWS2.bands.heartRate);
  take(v.temperatureC[0], NEWS2.bands.temperature);
  if (parameters > 0 && confusion !== undefined) {
    score += NEWS2.bands.consciousness.newConfusion;
    spans.push(confusion);
  }
  return { score, parameters, spans };
}

/** v.news2_emergency (>= emergencyAt) or v.news2_urgent (>= urgentAt), spanning the numbers scored. */
export function news2Signals(s: News2Score): RawSignal[] {
  if (s.parameters < NEWS2.minParameters || s.score < NEWS2.urgentAt) return [];
  const start = Math.min(...s.spans.map((x) => x.start));
  const end = Math.max(...s.spans.map((x) => x.end));
  const span = { start, end, text: '' };
  return [{ concept: s.score >= NEWS2.emergencyAt ? 'v.news2_emergency' : 'v.news2_urgent', span }];
}

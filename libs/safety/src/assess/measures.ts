// Numbers a user reports (HbA1c, glucose, LDL, eGFR, BMI, uric acid, triglycerides, TSH,
// blood pressure), read from the text and placed in the bands the knowledge base's
// guidelines state. The bands are data: data/assess/measure-bands.json.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DATA_DIR } from '../classifier/models';

interface Band {
  min?: number;
  max?: number;
  /** Inside the healthy range: no visit needed for this number alone. */
  normal?: boolean;
  zh: string;
  en: string;
}

interface MeasureDef {
  id: string;
  zh: string;
  en: string;
  unit: string;
  cues: string[];
  min_value: number;
  max_value: number;
  mgdl_factor?: number;
  /** Values below this are read as mg/dL (uric acid); otherwise values above the mmol range are. */
  mgdl_below?: number;
  bands: Band[];
  source: string;
  year: number;
}

interface BpGrade {
  sys: number;
  dia: number;
  normal?: boolean;
  zh: string;
  en: string;
}

interface BandData {
  version: string;
  measures: MeasureDef[];
  blood_pressure: { zh: string; en: string; unit: string; grades: BpGrade[]; source: string; year: number };
}

export interface Measurement {
  id: string;
  label_zh: string;
  label_en: string;
  value: number;
  /** The value as written, e.g. "6.1%" or "145/92". */
  text: string;
  systolic?: number;
  diastolic?: number;
  band_zh: string;
  band_en: string;
  /** Outside the healthy band (prediabetes, grade 1 hypertension, LDL above range, …). */
  abnormal: boolean;
  source: string;
  year: number;
  /** One sentence, in each language, reading the number against its band. */
  sentence_zh: string;
  sentence_en: string;
}

let cached: BandData | undefined;
export function measureBands(): BandData {
  cached ??= JSON.parse(readFileSync(join(DATA_DIR, 'assess', 'measure-bands.json'), 'utf8')) as BandData;
  return cached;
}

// Between a cue and its number only a verb, a colon or a hedge ("是", "为", "was", "came back at").
const BRIDGE = String.raw`[\s:：=是为约在大概了~～（(]{0,4}(?:(?:was|is|of|at|came back at|around|about|reads?|came in at)\s+)?[\s:：约]{0,2}`;
const NUMBER = String.raw`(\d{1,4}(?:\.\d+)?)\s*(%|mmol\/l|mmol|mg\/dl|μmol\/l|umol\/l|miu\/l|mu\/l)?`;

/** "ADA 2025; 中华医学会…" → "ADA 2025" in an English sentence (the Chinese name when it is the only one). */
function englishSource(source: string): string {
  const parts = source.split(/;\s*/).filter((p) => !/[\u4e00-\u9fff]/.test(p));
  return parts.length ? parts.join('; ') : source;
}

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function bandOf(bands: readonly Band[], v: number): Band | undefined {
  return bands.find((b) => (b.min === undefined || v >= b.min) && (b.max === undefined || v < b.max));
}

function readMeasure(def: MeasureDef, text: string): { value: number; raw: string } | undefined {
  const cues = [...def.cues].sort((a, b) => b.length - a.length).map(escape).join('|');
  const re = new RegExp(`(?:${cues})${BRIDGE}${NUMBER}`, 'i');
  const m = re.exec(text);
  if (!m?.[1]) return undefined;
  let value = Number(m[1]);
  const unit = (m[2] ?? '').toLowerCase();
  if (def.mgdl_factor !== undefined) {
    const mgdl = unit === 'mg/dl' || (def.mgdl_below !== undefined ? value < def.mgdl_below : unit === '' && value > (def.id === 'ldl' ? 20 : 40));
    if (mgdl) value = def.mgdl_below !== undefined ? value * def.mgdl_factor : value / def.mgdl_factor;
  }
  value = Math.round(value * 100) / 100;
  if (value < def.min_value || value > def.max_value) return undefined;
  return { value, raw: `${m[1]}${m[2] ?? ''}` };
}

const BP_CUE = /血压|高压|低压|bp\b|blood pressure|mmhg|cuff|毫米汞柱/i;

function readBp(text: string): { sys: number; dia: number; raw: string } | undefined {
  if (!BP_CUE.test(text)) return undefined;
  const m = /(\d{2,3})\s*\/\s*(\d{2,3})/.exec(text);
  if (!m?.[1] || !m[2]) return undefined;
  const sys = Number(m[1]);
  const dia = Number(m[2]);
  if (sys < 90 || sys > 260 || dia < 40 || dia > 160 || dia >= sys) return undefined;
  return { sys, dia, raw: `${sys}/${dia}` };
}

/** Every number the text reports that the band table knows, read against its band. */
export function readMeasurements(text: string): Measurement[] {
  const data = measureBands();
  const out: Measurement[] = [];
  for (const def of data.measures) {
    const r = readMeasure(def, text);
    if (!r) continue;
    const band = bandOf(def.bands, r.value);
    if (!band) continue;
    const unitZh = def.unit === '%' ? '%' : ` ${def.unit}`;
    out.push({
      id: def.id,
      label_zh: def.zh,
      label_en: def.en,
      value: r.value,
      text: r.raw,
      band_zh: band.zh,
      band_en: band.en,
      abnormal: band.normal !== true,
      source: def.source,
      year: def.year,
      sentence_zh: `您提到的${def.zh}${r.value}${unitZh}：${band.zh}（依据：${def.source}，${def.year}）`,
      sentence_en: `Your ${def.en} of ${r.value}${def.unit === '%' ? '%' : ` ${def.unit}`} is ${band.en} (per ${englishSource(def.source)}, ${def.year})`,
    });
  }
  const bp = readBp(text);
  if (bp) {
    const g = data.blood_pressure;
    // The higher of the systolic and diastolic grades decides.
    const grade = [...g.grades].reverse().find((x) => bp.sys >= x.sys || bp.dia >= x.dia);
    if (grade) {
      out.push({
        id: 'bp',
        label_zh: g.zh,
        label_en: g.en,
        value: bp.sys,
        systolic: bp.sys,
        diastolic: bp.dia,
        text: bp.raw,
        band_zh: grade.zh,
        band_en: grade.en,
        abnormal: grade.normal !== true,
        source: g.source,
        year: g.year,
        sentence_zh: `您提到的血压${bp.raw} mmHg：${grade.zh}（依据：${g.source}，${g.year}）`,
        sentence_en: `A blood pressure of ${bp.raw} mmHg is ${grade.en} (per ${englishSource(g.source)}, ${g.year})`,
      });
    }
  }
  return out;
}

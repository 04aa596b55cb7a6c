import type { JsonSchema, Lang } from '@medagent/contracts';
import {
  CONDITIONS,
  MEDICATIONS,
  SYMPTOMS,
  findEntries,
  quotedQuestion,
  type LexiconEntry,
} from '../lexicon';

/** What the offline model understood of a task, read from the instruction text alone. */
export interface QuestionFacts {
  lang: Lang;
  instruction: string;
  /** The quoted user question when the instruction quotes one; numbers and units kept verbatim. */
  question: string;
  conditions: LexiconEntry[];
  symptoms: LexiconEntry[];
  medications: LexiconEntry[];
  age?: number;
  bloodPressure?: { systolic: number; diastolic: number };
  glucose?: number;
  temperature?: number;
  heartRate?: number;
  days?: number;
}

function num(re: RegExp, text: string): number | undefined {
  const m = re.exec(text);
  return m?.[1] === undefined ? undefined : Number(m[1]);
}

export function readFacts(instruction: string, lang: Lang): QuestionFacts {
  const question = quotedQuestion(instruction);
  const t = instruction;
  const bp = /(\d{2,3})\s*\/\s*(\d{2,3})\s*(?:mmhg|毫米汞柱)?/i.exec(t);
  const facts: QuestionFacts = {
    lang,
    instruction,
    question,
    conditions: findEntries(t, CONDITIONS),
    symptoms: findEntries(t, SYMPTOMS),
    medications: findEntries(t, MEDICATIONS),
  };
  const age = num(/(\d{1,3})\s*(?:岁|周岁|years?\s*old|-year-old|yo\b)/i, t);
  if (age !== undefined && age <= 120) facts.age = age;
  if (bp?.[1] && bp[2]) facts.bloodPressure = { systolic: Number(bp[1]), diastolic: Number(bp[2]) };
  const glucose =
    num(/(\d{1,2}(?:\.\d+)?)\s*(?:mmol\/?l|mmol)/i, t) ?? num(/血糖[^\d]{0,6}(\d{1,2}(?:\.\d+)?)/, t);
  if (glucose !== undefined) facts.glucose = glucose;
  const temp = num(/(\d{2}(?:\.\d)?)\s*(?:°\s*c|℃|度)/i, t);
  if (temp !== undefined && temp >= 34 && temp <= 43) facts.temperature = temp;
  const hr = num(/(\d{2,3})\s*(?:bpm|次\/分|次每分)/i, t);
  if (hr !== undefined) facts.heartRate = hr;
  const days = num(/(\d{1,3})\s*(?:天|days?)/i, t);
  if (days !== undefined) facts.days = days;
  return facts;
}

const label = (e: LexiconEntry, lang: Lang): string => e.label[lang];
const typeOf = (s: JsonSchema): string | undefined =>
  Array.isArray(s.type) ? s.type.find((x) => x !== 'null') : s.type;

function clip(text: string, s: JsonSchema): string {
  return s.maxLength !== undefined && text.length > s.maxLength ? text.slice(0, s.maxLength) : text;
}

function clamp(n: number, s: JsonSchema): number {
  let v = n;
  if (s.minimum !== undefined) v = Math.max(s.minimum, v);
  if (s.maximum !== undefined) v = Math.min(s.maximum, v);
  return typeOf(s) === 'integer' ? Math.round(v) : v;
}

/** An enum value the instruction mentions, else the language, else the schema default, else the first. */
function pickEnum(
  name: string,
  values: readonly (string | number)[],
  s: JsonSchema,
  f: QuestionFacts,
): string | number | undefined {
  if (/^(lang|language|locale)$/.test(name) && values.includes(f.lang)) return f.lang;
  const text = f.instruction.toLowerCase();
  const mentioned = values.find(
    (v) => typeof v === 'string' && v.length > 2 && text.includes(v.toLowerCase().replace(/_/g, ' ')),
  );
  if (mentioned !== undefined) return mentioned;
  if (s.default !== undefined && values.includes(s.default as string | number))
    return s.default as string | number;
  return values[0];
}

function stringFor(name: string, s: JsonSchema, f: QuestionFacts): { value: string; confident: boolean } {
  const n = name.toLowerCase();
  const cond = f.conditions[0];
  if (/^(lang|language|locale)$/.test(n)) return { value: f.lang, confident: true };
  if (/condition|disease|diagnos|topic|illness/.test(n)) {
    if (cond) return { value: label(cond, f.lang), confident: true };
    const sym = f.symptoms[0];
    return { value: sym ? label(sym, f.lang) : f.question, confident: false };
  }
  if (/drug|medication|medicine/.test(n) && f.medications.length > 0) {
    return {
      value: f.medications.map((m) => label(m, f.lang)).join(f.lang === 'zh' ? '、' : ', '),
      confident: true,
    };
  }
  if (/symptom/.test(n) && f.symptoms.length > 0) {
    return {
      value: f.symptoms.map((m) => label(m, f.lang)).join(f.lang === 'zh' ? '、' : ', '),
      confident: true,
    };
  }
  if (
    /^(query|q|text|question|message|input|complaint|description|keywords?|prompt|context|term|name)$/.test(n)
  ) {
    return { value: f.question, confident: true };
  }
  return { value: typeof s.default === 'string' ? s.default : f.question, confident: false };
}

function numberFor(name: string, f: QuestionFacts): number | undefined {
  const n = name.toLowerCase();
  if (/age/.test(n)) return f.age;
  if (/systolic|sbp/.test(n)) return f.bloodPressure?.systolic;
  if (/diastolic|dbp/.test(n)) return f.bloodPressure?.diastolic;
  if (/glucose|sugar/.test(n)) return f.glucose;
  if (/temp/.test(n)) return f.temperature;
  if (/heart_?rate|pulse|\bhr\b/.test(n)) return f.heartRate;
  if (/days|duration/.test(n)) return f.days;
  return undefined;
}

function listFor(name: string, f: QuestionFacts): string[] | undefined {
  const n = name.toLowerCase();
  const labels = (es: LexiconEntry[]): string[] | undefined =>
    es.length > 0 ? es.map((e) => label(e, f.lang)) : undefined;
  if (/symptom/.test(n)) return labels(f.symptoms);
  if (/drug|medication|medicine/.test(n)) return labels(f.medications);
  if (/condition|disease|comorbid|diagnos|history/.test(n)) return labels(f.conditions);
  if (/allerg|food/.test(n)) return undefined;
  return undefined;
}

/**
 * Arguments that satisfy `schema`, built from the question: required properties always,
 * optional ones only when the question clearly supplies them.
 */
export function buildArgs(schema: JsonSchema, f: QuestionFacts): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const required = new Set(schema.required ?? []);
  for (const [name, prop] of Object.entries(schema.properties ?? {})) {
    const v = valueFor(name, prop, f, required.has(name));
    if (v !== undefined) out[name] = v;
  }
  return out;
}

function valueFor(name: string, s: JsonSchema, f: QuestionFacts, required: boolean): unknown {
  const type = typeOf(s);
  if (s.enum && s.enum.length > 0) {
    const v = pickEnum(name, s.enum, s, f);
    const mentioned = v !== s.default && v !== s.enum[0];
    return required || mentioned || /^(lang|language|locale)$/.test(name) ? v : undefined;
  }
  switch (type) {
    case 'string': {
      const { value, confident } = stringFor(name, s, f);
      return required || confident ? clip(value, s) : undefined;
    }
    case 'number':
    case 'integer': {
      const found = numberFor(name, f);
      if (found !== undefined) return clamp(found, s);
      if (!required) return undefined;
      const fallback =
        typeof s.default === 'number'
          ? s.default
          : /top_?k|limit|max|count|^k$|^n$/.test(name)
            ? 5
            : (s.minimum ?? 0);
      return clamp(fallback, s);
    }
    case 'boolean':
      return required ? (typeof s.default === 'boolean' ? s.default : false) : undefined;
    case 'array': {
      const items = s.items ?? {};
      let list: unknown[] | undefined;
      if (items.enum && items.enum.length > 0) {
        const text = f.instruction.toLowerCase();
        const hit = items.enum.filter((v) => typeof v === 'string' && text.includes(v.toLowerCase()));
        list = hit.length > 0 ? hit : required ? [pickEnum(name, items.enum, items, f)] : undefined;
      } else if (typeOf(items) === 'object') {
        list = required ? [buildArgs(items, f)] : undefined;
      } else {
        list = (listFor(name, f) ?? (required ? [f.question] : undefined))?.map((x) => clip(x, items));
      }
      if (!list) return undefined;
      while (s.minItems !== undefined && list.length < s.minItems)
        list.push(list[list.length - 1] ?? f.question);
      return s.maxItems !== undefined ? list.slice(0, s.maxItems) : list;
    }
    case 'object': {
      const obj = buildArgs(s, f);
      return required || Object.keys(obj).length > 0 ? obj : undefined;
    }
    default:
      return required ? f.question : undefined;
  }
}

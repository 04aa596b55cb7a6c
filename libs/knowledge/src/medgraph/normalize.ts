import { nfkcLower } from '@medagent/zh-text';

// Term normalisation shared by the alias index and every lookup, so that both sides of a
// comparison always go through exactly the same function.

const UNIT = '(?:mg|g|mcg|μg|ug|ml|l|iu|u|meq|mmol|%|毫克|克|微克|毫升|升|国际单位|万单位|单位)';
const PER = '(?:\\s*/\\s*(?:片|粒|支|袋|瓶|次|日|天|d|day|dose|tab|tablet|cap|capsule|ml|毫升|kg))?';
const DOSE_RE = new RegExp(`\\d+(?:\\.\\d+)?\\s*${UNIT}${PER}(?![a-z])`, 'g');
const PACK_RE = /(?<=[\d\s)）]|^)[x×*]\s*\d+\s*(?:片|粒|支|袋|瓶|tabs?|caps?|tablets?|capsules?)?/g;
const BARE_COUNT_RE = /\d+\s*(?:片|粒|支|袋|瓶)(?:\/(?:盒|瓶|板))?/g;

// Longest first: the first matching suffix wins.
const ZH_FORMS = [
  '薄膜衣片', '缓释胶囊', '肠溶胶囊', '控释胶囊', '干混悬剂', '口服溶液', '缓释片', '控释片', '肠溶片',
  '分散片', '咀嚼片', '泡腾片', '口崩片', '舌下片', '软胶囊', '胶囊剂', '颗粒剂', '混悬液', '口服液',
  '注射液', '注射剂', '滴眼液', '滴耳液', '喷雾剂', '气雾剂', '吸入剂', '糖浆剂', '贴剂', '栓剂', '丸剂',
  '片剂', '胶囊', '颗粒', '溶液', '糖浆', '粉针', '滴剂', '软膏', '乳膏', '凝胶', '含片', '片',
];
const ZH_PREFIXES = ['注射用'];
const EN_FORMS =
  /(?:^|\s)(?:extended[- ]release|delayed[- ]release|sustained[- ]release|film[- ]coated|oral suspension|oral solution|chewable|tablets?|tabs?|capsules?|caps?|injection|inj|suspension|solution|syrup|cream|ointment|gel|patch|drops|er|xr|sr|cr|xl|dr|ec|odt)$/;

/** Characters that only decorate a term: brackets, quotes, trailing punctuation. */
const EDGE_PUNCT = /^[\s()[\]{}"'“”‘’《》〈〉「」【】.,;:!?、，。；：！？~-]+|[\s()[\]{}"'“”‘’《》〈〉「」【】.,;:!?、，。；：！？~-]+$/g;

/**
 * Case- and width-insensitive form of a drug, condition, food or allergen term: NFKC
 * (full-width → half-width), lower case, dosage strengths and pack sizes removed, dosage-form
 * words removed ("缓释胶囊", "tablets", "ER"). Idempotent: normalize(normalize(x)) === normalize(x).
 */
export function normalize(term: string): string {
  let s = nfkcLower(term).replace(/\s+/g, ' ');
  // Fast path for the common case (plain names, the whole alias index): nothing to strip.
  if (!NEEDS_WORK.test(s) && !endsWithForm(s)) return s;
  let prev: string;
  do {
    prev = s;
    s = s.replace(DOSE_RE, ' ').replace(PACK_RE, ' ').replace(BARE_COUNT_RE, ' ');
    s = s.replace(/\(\s*\)|\[\s*\]|（\s*）/g, ' ').replace(/\s+/g, ' ').replace(EDGE_PUNCT, '');
    s = stripForms(s);
  } while (s !== prev);
  return s;
}

const NEEDS_WORK = /[\d()[\]{}"'“”‘’《》〈〉「」【】.,;:!?、，。；：！？~×*-]|^\s|\s$|^注射用/;

function endsWithForm(s: string): boolean {
  return ZH_FORMS.some((f) => s.endsWith(f)) || EN_FORMS.test(s);
}

function stripForms(s: string): string {
  for (const p of ZH_PREFIXES) {
    if (s.startsWith(p) && s.length - p.length >= 2) s = s.slice(p.length).trim();
  }
  for (const f of ZH_FORMS) {
    // A bare form word is not a drug; keep short words intact ("鸦片" is not "鸦" + 片).
    if (s.endsWith(f) && s.length - f.length >= 2) return s.slice(0, -f.length).trim();
  }
  const m = EN_FORMS.exec(s);
  if (m && s.length - m[0].length >= 3) return s.slice(0, s.length - m[0].length).trim();
  return s;
}

const ZH_SALT_PREFIX = /^(?:盐酸|硫酸|马来酸|甲磺酸|苯磺酸|酒石酸|琥珀酸|富马酸|枸橼酸|磷酸|氢溴酸|醋酸|乳酸)/;
const ZH_SALT_SUFFIX = /(?:钠|钾|钙|镁)$/;
const EN_SALT =
  / (?:hydrochloride|hcl|sodium|potassium|calcium|magnesium|maleate|mesylate|besylate|besilate|tartrate|succinate|sulfate|sulphate|citrate|fumarate|phosphate|hydrobromide|acetate)$/;

/**
 * Salt-stripped variants of an already normalised term, tried only when the full term is
 * unknown ("盐酸二甲双胍" → "二甲双胍", "metformin hydrochloride" → "metformin").
 */
export function saltVariants(normalized: string): string[] {
  const out: string[] = [];
  const push = (v: string): void => {
    const t = v.trim();
    if (t.length >= 2 && t !== normalized && !out.includes(t)) out.push(t);
  };
  const noPrefix = normalized.replace(ZH_SALT_PREFIX, '');
  push(noPrefix);
  push(noPrefix.replace(ZH_SALT_SUFFIX, ''));
  push(normalized.replace(EN_SALT, ''));
  return out;
}

/** Light normalisation for free text: keeps positions meaningful (no stripping). */
export function normalizeText(text: string): string {
  return nfkcLower(text);
}

export function hasCjk(s: string): boolean {
  return /[\u3400-\u9fff]/.test(s);
}

import type { MedicationGraph } from './graph';
import { normalize, normalizeText } from './normalize';
import { patternConditions } from './patterns';
import { maskMentions, scanText, type Mention } from './scan';
import type { EntityRef, ExtractedEntities, GraphNode } from './types';

/** Longest accepted free text; the check is for a request, not a document. */
export const MAX_TEXT_LENGTH = 20_000;

// Word endings that mark a Chinese drug name or product: dosage forms and INN stems.
const ZH_DRUG_SUFFIX =
  /(?:胶囊|颗粒|口服液|注射液|滴丸|片|霉素|沙星|西林|沙坦|洛尔|地平|普利|他汀|拉唑|替丁|昔布|司琼|唑仑|西泮|单抗|替尼|他韦|洛韦|那韦|拉韦|布韦|格列汀|列净|胰岛素)/g;
const ZH_DRUG_PREFIX = /(?:头孢|格列)[\u3400-\u9fff]{1,4}/g;
const FORM_ONLY = new Set(['片', '胶囊', '颗粒', '口服液', '注射液', '滴丸']);
// Characters that end a Chinese drug word when walking backwards from its suffix.
const STOP = new Set([...'吃服用在和与及跟了过还也又正想要点的对有是我你他她们最近开始给把被打针每天次以前现在说让些个吗呢吧啊呀就都再并或该能会、 ']);
const UNKNOWN_REMEDY = /中成药|中药|草药|偏方|保健品|herbal remed(?:y|ies)|herbal medicine|herbs|supplements?/g;
const EN_DRUG_WORD =
  /\b[a-z][a-z-]{3,}(?:mab|pril|sartan|olol|alol|statin|floxacin|cillin|mycin|micin|azole|dipine|tinib|navir|previr|asvir|gliptin|gliflozin|glutide|parin|xaban|gatran|prazole|tidine|triptan|setron|zepam|zolam|oxetine|afil|semide|thiazide|cycline|profen|coxib|triptyline|pramine|sone|olone|lukast|terol|vir)\b|\bcef[a-z]{4,}\b/g;

function ref(node: GraphNode, mention: string): EntityRef {
  return { id: node.id, kind: node.kind, name_zh: node.name_zh, name_en: node.name_en, mention };
}

/**
 * Finds drugs, conditions, foods and allergies mentioned in free Chinese/English text.
 * "对X过敏"/"allergic to X"/"X allergy" mark an allergy; simple negation ("没有胃溃疡",
 * "no alcohol") moves a mention to `negated`; unknown drug-like words land in `unrecognized`.
 */
export function extractEntities(graph: MedicationGraph, text: string): ExtractedEntities {
  const out: ExtractedEntities = { drugs: [], conditions: [], foods: [], allergies: [], negated: [], unrecognized: [] };
  const normalized = normalizeText(text.slice(0, MAX_TEXT_LENGTH));
  const clauses = scanText(graph, normalized);
  for (const hit of patternConditions(normalized)) {
    const node = graph.node(hit.condition);
    if (node) addEntity(out.conditions, ref(node, hit.mention));
  }
  for (const clause of clauses) {
    for (const m of clause.mentions) {
      const placed = place(graph, m, out);
      // "头孢地尼" matched only as "头孢": checked at class level, but the drug itself is unknown.
      const unknownMember = placed?.kind === 'drug_class' ? classMemberWord(graph, clause.text, m) : undefined;
      if (unknownMember) addUnique(out.unrecognized, unknownMember);
    }
    for (const word of unknownWords(graph, maskMentions(clause))) addUnique(out.unrecognized, word);
  }
  return out;
}

function classMemberWord(graph: MedicationGraph, clause: string, m: Mention): string | undefined {
  if (m.entry.ascii || m.maskEnd > m.end) return undefined;
  let end = m.end;
  while (end < clause.length && end - m.end < 4) {
    const ch = clause[end] ?? ' ';
    if (STOP.has(ch) || ch === '药' || ch === '类' || !/[\u3400-\u9fff]/.test(ch)) break;
    end += 1;
  }
  const word = clause.slice(m.start, end);
  return end > m.end && graph.resolve(word, 'drug') === undefined ? word : undefined;
}

function place(graph: MedicationGraph, m: Mention, out: ExtractedEntities): GraphNode | undefined {
  const { targets } = m.entry;
  const node = (id: string | undefined): GraphNode | undefined => (id === undefined ? undefined : graph.node(id));
  let bucket: EntityRef[];
  let target: GraphNode | undefined;
  // The allergen's own name ("青霉素过敏", "penicillin allergy") carries its context with it.
  if (m.allergy || /过敏|allerg/.test(m.entry.text)) {
    const drug = node(targets.drug);
    target = node(targets.allergen) ?? (drug ? (graph.allergenFor(drug) ?? drug) : undefined) ?? node(targets.food);
    bucket = out.allergies;
  } else if (targets.drug !== undefined || targets.allergen !== undefined) {
    // An allergen-only word used as a drug ("盘尼西林") means the class the allergen covers.
    target = node(targets.drug) ?? node(node(targets.allergen)?.covers?.[0]);
    bucket = out.drugs;
  } else if (targets.condition !== undefined) {
    target = node(targets.condition);
    bucket = out.conditions;
  } else {
    target = node(targets.food);
    bucket = out.foods;
  }
  if (!target) return undefined;
  addEntity(m.negated ? out.negated : bucket, ref(target, m.entry.text));
  return target;
}

function addEntity(list: EntityRef[], e: EntityRef): void {
  if (!list.some((x) => x.id === e.id)) list.push(e);
}

function addUnique(list: string[], s: string): void {
  if (!list.includes(s)) list.push(s);
}

/** Drug-like words left after every known mention has been masked out. */
function unknownWords(graph: MedicationGraph, masked: string): string[] {
  const words: string[] = [];
  const known = (w: string): boolean =>
    graph.resolve(w, 'drug') !== undefined || graph.resolve(w, 'allergen') !== undefined || normalize(w) === '';
  for (const m of masked.matchAll(ZH_DRUG_SUFFIX)) {
    const end = (m.index ?? 0) + m[0].length;
    let start = m.index ?? 0;
    while (start > 0 && start > end - 12) {
      const ch = masked[start - 1] ?? ' ';
      if (STOP.has(ch) || !/[\u3400-\u9fffa-z0-9-]/.test(ch)) break;
      start -= 1;
    }
    const word = masked.slice(start, end).replace(/^[\d.\s-]+/, '');
    const stemLength = word.length - m[0].length;
    if (stemLength < (FORM_ONLY.has(m[0]) ? 2 : 1) || known(word)) continue;
    words.push(word);
  }
  for (const m of masked.matchAll(ZH_DRUG_PREFIX)) {
    if (!words.some((w) => w.includes(m[0])) && !known(m[0])) words.push(m[0]);
  }
  for (const m of masked.matchAll(UNKNOWN_REMEDY)) words.push(m[0]);
  for (const m of masked.matchAll(EN_DRUG_WORD)) if (!known(m[0])) words.push(m[0]);
  return words;
}

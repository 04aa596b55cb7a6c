// Decides, for one matched span, whether it describes a current personal problem
// ("affirmed") or why not. Clause facts are computed lazily and cached, so a message
// with no symptom words pays almost nothing.
import type { MatchStatus } from '../types';
import { idAt, type Segments } from '../text/segments';
import type { CompiledCues, CompiledNegation } from './compile';

const UNKNOWN = -1;
const EN_STOP = String.raw`(?!(?:for|since|now|today|tonight|but|then|started|starting|getting|worse|severe|crushing|bad|really|very|and|talk|talks|talking|say|says|saying|keeps?|is|are|was|were|went|fell|fall|falls|feels?|looks?|can'?t|won'?t|cannot|he|she|they|his|her)\b)`;
const EN_ITEM = String.raw`${EN_STOP}[a-z'/-]+(?:\s+${EN_STOP}[a-z'/-]+){0,3}`;
/** A negation word opening a list of bare items, up to the item being tested ("denies fever, chest pain, "). */
const EN_LIST = new RegExp(String.raw`(?:^|[.;:!?(\u2014\u2013-]\s*|,\s*)(?:no|denies|denied|denying|without|nil|negative for|free of)\s+${EN_ITEM}(?:\s*(?:,|\bor\b|\bnor\b)\s*${EN_ITEM}){0,6}\s*(?:,\s*(?:(?:or|nor)\s+)?|\s(?:or|nor)\s+)$`);
/** A list head somewhere in the window (cheap pre-check for EN_LIST). */
const EN_HEAD = /\b(?:no|denies|denied|denying|without|nil|negative for|free of)\s/;
/** What may follow a list item before the next comma: a few plain words, no time or course word. */
const EN_TAIL = new RegExp(String.raw`^(?:\s+${EN_STOP}[a-z'/-]+){0,2}\s*$`);

type ClauseFact =
  | 'historical'
  | 'recent'
  | 'resolved'
  | 'knowledge'
  | 'knowledgeWeak'
  | 'genericSubject'
  | 'anticipatory'
  | 'learningFrame'
  | 'settingFrame'
  | 'examFrame'
  | 'pastAnchor'
  | 'narrativeBreak'
  | 'pastContinuation'
  | 'nowStrong'
  | 'nowConfirm'
  | 'personal'
  | 'example'
  | 'fiction'
  | 'pet'
  | 'petHumanVictim'
  | 'death'
  | 'relative';

/** Per-concept context switches (ConceptDef.own_negation, ConceptDef.past_reference). */
export interface ConceptFlags {
  ownNegation?: boolean;
  pastReference?: boolean;
}

export class MessageContext {
  private readonly facts = new Map<ClauseFact, Int8Array>();
  private figurativeSpans: [number, number][] | undefined;

  constructor(
    private readonly n: string,
    private readonly seg: Segments,
    private readonly cues: CompiledCues,
    private readonly negation: CompiledNegation,
  ) {}

  /**
   * `ownNegation`: the concept states a negative itself ("isn't breathing", "no pulse"), so negation cues do not apply.
   * `pastReference`: the concept compares the present with a past episode ("like my last stroke"), so past framing does not apply.
   */
  statusOf(start: number, end: number, { ownNegation = false, pastReference = false }: ConceptFlags = {}): MatchStatus {
    if (this.isFigurative(start, end)) return 'figurative';
    const c = idAt(this.seg.clauseOf, start);
    if (this.otherSubject(c)) return 'other_subject';
    if (this.knowledgeSuppressed(c)) return 'knowledge';
    if (this.has('death', c)) return 'third_party_past';
    if (!pastReference && this.historical(c)) return this.sentenceHas('relative', c) ? 'third_party_past' : 'historical';
    if (!ownNegation && this.negated(start, end, c)) return 'negated';
    return 'affirmed';
  }

  private clauseText(c: number): string {
    const [s, e] = this.seg.clauses[c] ?? [0, 0];
    return this.n.slice(s, e);
  }

  private has(fact: ClauseFact, c: number): boolean {
    let table = this.facts.get(fact);
    if (table === undefined) {
      table = new Int8Array(this.seg.clauses.length).fill(UNKNOWN);
      this.facts.set(fact, table);
    }
    const cached = table[c];
    if (cached !== undefined && cached !== UNKNOWN) return cached === 1;
    const value = this.cues[fact].test(this.clauseText(c));
    table[c] = value ? 1 : 0;
    return value;
  }

  /** Clause ids of the sentence containing clause c, in order. */
  private sentenceClauses(c: number): readonly number[] {
    const [cs] = this.seg.clauses[c] ?? [0, 0];
    const sid = cs < this.n.length ? idAt(this.seg.sentenceOf, cs) : this.seg.sentences.length - 1;
    return this.seg.clausesOfSentence[sid] ?? [c];
  }

  private sentenceHas(fact: ClauseFact, c: number): boolean {
    return this.sentenceClauses(c).some((k) => this.has(fact, k));
  }

  private isFigurative(start: number, end: number): boolean {
    if (this.figurativeSpans === undefined) {
      const spans: [number, number][] = [];
      const re = new RegExp(this.cues.figurative.source, 'g');
      for (let m = re.exec(this.n); m !== null; m = re.exec(this.n)) {
        if (m[0] === '') re.lastIndex++;
        else spans.push([m.index, m.index + m[0].length]);
      }
      this.figurativeSpans = spans;
    }
    return this.figurativeSpans.some(([s, e]) => start < e && end > s);
  }

  /** Fiction or an animal: the cue clause and the impersonal clauses after it. */
  private otherSubject(c: number): boolean {
    const clauses = this.sentenceClauses(c);
    const petVictim = clauses.some((k) => this.has('petHumanVictim', k));
    for (const k of clauses) {
      if (k > c) break;
      const fiction = this.has('fiction', k);
      const pet = !petVictim && this.has('pet', k);
      if ((fiction || pet) && (k === c || !this.has('personal', c))) return true;
    }
    return false;
  }

  /**
   * A knowledge or hypothetical cue silences its own clause (unless it says "right now")
   * and, within its sentence, example clauses and clauses of an impersonal sentence.
   */
  private knowledgeSuppressed(c: number): boolean {
    if (this.messageHas('nowConfirm') && !this.messageHas('examFrame')) return false;
    const clauses = this.sentenceClauses(c);
    // Learning framing elsewhere in the message makes an impersonal clause general ("溺水救上来以后要不要控水",
    // "有人晕倒"); a clause about the writer or someone named ("我妈倒地叫不醒") stays live.
    if (this.messageHas('learningFrame') && !this.has('nowStrong', c) && (this.has('genericSubject', c) || (!this.has('personal', c) && !this.has('recent', c)))) {
      return true;
    }
    // A lesson or course as a setting ("培训课上一个同事突然倒下"): only a wholly impersonal sentence is general.
    if (clauses.some((k) => this.has('settingFrame', k)) && clauses.every((k) => !this.has('nowStrong', k) && !this.has('recent', k) && (this.has('genericSubject', k) || !this.has('personal', k)))) {
      return true;
    }
    if (this.messageHas('examFrame') && !this.has('nowStrong', c) && !this.has('personal', c)) return true;
    const generic = clauses.some((k) => this.has('genericSubject', k)) || this.messageHas('anticipatory');
    // An enumeration comma continues the clause before it: "万一哪天突然说不出话、半边身子没劲".
    const cueClauses: number[] = [];
    for (const k of clauses) {
      const cue = this.has('knowledge', k) || (generic && this.has('knowledgeWeak', k));
      if (cue || (cueClauses.includes(k - 1) && this.afterEnumeration(k))) cueClauses.push(k);
    }
    if (cueClauses.length === 0) {
      // "中风有哪些症状？比如嘴歪…": examples may follow the question as a new sentence.
      const first = clauses[0] ?? c;
      return first > 0 && this.has('example', c) && this.sentenceClauses(first - 1).some((k) => this.has('knowledge', k));
    }
    if (cueClauses.includes(c)) {
      if (this.has('nowStrong', c)) return false;
      // A generic question about a named person ("我爸胸痛该怎么办") is about now.
      return this.has('knowledge', c) || !this.has('personal', c);
    }
    if (this.has('example', c)) return true;
    const live = clauses.some((k) => !cueClauses.includes(k) && (this.has('personal', k) || this.has('recent', k)));
    return !live;
  }

  /** The fact holds in some clause of the message (learning, exam or planning-ahead frames). */
  private messageHas(fact: ClauseFact): boolean {
    for (let k = 0; k < this.seg.clauses.length; k++) if (this.has(fact, k)) return true;
    return false;
  }

  /**
   * Past framing in the clause, a "recovered" clause later in the same sentence, or a time-anchored
   * past earlier in the sentence that no present or onset word has ended since.
   */
  private historical(c: number): boolean {
    if (this.has('recent', c)) return false;
    if (this.has('historical', c)) return true;
    const clauses = this.sentenceClauses(c);
    if (clauses.some((k) => k >= c && this.has('resolved', k))) return true;
    if (this.has('nowStrong', c)) return false;
    // "当时…突然倒下": an explicit past reference keeps an onset word inside the past narrative.
    if (this.has('narrativeBreak', c) && !this.has('pastContinuation', c)) return false;
    for (let i = clauses.indexOf(c) - 1; i >= 0; i--) {
      const k = clauses[i] ?? c;
      if (this.has('recent', k) || this.has('nowStrong', k)) return false;
      if (this.has('pastAnchor', k)) return true;
      if (this.has('narrativeBreak', k)) return false;
    }
    return false;
  }

  /** Clause k starts right after an enumeration comma (、). */
  private afterEnumeration(k: number): boolean {
    const start = this.seg.clauses[k]?.[0] ?? 0;
    return k > 0 && this.n.slice(0, start).trimEnd().endsWith('、');
  }

  /** A negation carries over an enumeration comma: "无牙龈出血、黑便" negates both items. */
  private listStart(c: number, cs: number): number {
    let k = c;
    let start = cs;
    while (this.afterEnumeration(k)) {
      k -= 1;
      start = this.seg.clauses[k]?.[0] ?? 0;
    }
    return start;
  }

  /**
   * English lists carry a negation over commas: "Denies fever, chest pain, SOB", "No lip, tongue or
   * eyelid swelling". Only bare items: a number, time or course word ends the list.
   */
  private enListNegated(start: number, end: number): boolean {
    const before = this.n.slice(Math.max(0, start - 90), start);
    // Chinese text has no English list heads: skip the list regex on the hot path.
    if (!EN_HEAD.test(before) || !EN_LIST.test(before)) return false;
    const tail = this.n.slice(end).split(/[,.;:!?]/)[0] ?? '';
    return EN_TAIL.test(tail);
  }

  private negated(start: number, end: number, c: number): boolean {
    const [cs, ce] = this.seg.clauses[c] ?? [0, this.n.length];
    const after = this.n.slice(end, ce);
    if (this.negation.post.test(after)) return true;
    const zhWindow = this.n.slice(Math.max(this.listStart(c, cs), start - 12), start);
    const enWindow = this.n.slice(Math.max(cs, start - 48), start);
    if (this.enListNegated(start, end)) return true;
    const gaps: string[] = [];
    for (const [re, window] of [
      [this.negation.tight, zhWindow],
      [this.negation.preZh, zhWindow],
      [this.negation.preEn, enWindow],
    ] as const) {
      const m = re.exec(window);
      if (m !== null) gaps.push(m[1] ?? '');
    }
    return gaps.some((gap) => !this.cues.negationBreak.test(gap) && !this.cues.negationSeverityException.test(gap + after));
  }
}

// Shapes of the versioned rules data. Patterns are regex sources matched against the
// normalised message (ASCII lower-cased, full-width folded, simplified Chinese).

export interface ConceptDef {
  /** Stable id referenced by rules; renaming one is a rules-version change. */
  id: string;
  /** Family file the concept lives in (data/concepts/<family>.json); "shared" for modifiers. */
  family?: string;
  /** Where the concept comes from when it is narrower than its family file's sources. */
  source?: string;
  /**
   * The patterns state a negative themselves ("isn't breathing", "no pulse", "没有呼吸"): a
   * negation cue before them ("no pulse and isn't breathing") must not cancel them.
   */
  own_negation?: boolean;
  /**
   * The patterns compare the present with a named past episode ("feels like my last heart attack",
   * "跟上次心梗一样"): the past words are the comparison, not the time of the event, so past framing
   * does not apply. Negation, knowledge and fiction still do.
   */
  past_reference?: boolean;
  zh?: readonly string[];
  en?: readonly string[];
}

/** A context cue list; `zh`/`en` are alternation members joined into one regex. */
export interface CueDef {
  zh?: readonly string[];
  en?: readonly string[];
}

/** The context cue lists (data/cues.json); the gate decides scope (clause / sentence). */
export interface CueSet {
  /** Negation before a symptom; the gate limits the gap between cue and symptom. */
  negationPre: CueDef;
  /** Negation that only reaches the very next word ("不胸闷", "也不犯困"). */
  negationPreTight: CueDef;
  /** Words that end a negation's reach ("没吃饭就胸痛"). */
  negationBreak: CueDef;
  /** Negation after a symptom ("ketones negative", "喘气正常"). */
  negationPost: CueDef;
  /** Gap words that turn a negation into "never like this" (a severity statement). */
  negationSeverityException: CueDef;
  /** Past or chronic-residual framing for the clause. */
  historical: CueDef;
  /** Recency words that cancel historical framing in the same clause. */
  recent: CueDef;
  /** "Recovered / cured" clauses that close earlier clauses of the sentence. */
  resolved: CueDef;
  /** Hypothetical or definitional framing (sentence scope); wins over a personal subject. */
  knowledge: CueDef;
  /**
   * Generic-question framing ("该怎么处理"); counts only when the sentence names a generic
   * subject, because subjectless Chinese questions are usually first-person.
   */
  knowledgeWeak: CueDef;
  /** Generic people ("有人", "病人", "someone") that make a question general. */
  genericSubject: CueDef;
  /** Planning ahead ("下周要去爬山", "just in case"): anywhere in the message, a question is general. */
  anticipatory: CueDef;
  /**
   * Learning or prevention framing ("想学点急救知识", "怎么预防"), anywhere in the message: an impersonal
   * clause with no present-moment word is general; a clause about a named person stays live.
   */
  learningFrame: CueDef;
  /**
   * Lessons, lectures, training and course work as a setting ("培训课上", "in a lecture", "my essay"),
   * sentence scope: a wholly impersonal sentence (no person of the writer's, no present or recency
   * word in any clause) is general; otherwise it is a live event in that setting.
   */
  settingFrame: CueDef;
  /**
   * Time-anchored past ("去年", "两个月前", "last year", "back in 2019"): it sets the time of the
   * clauses after it in the same sentence ("去年发烧抽过一次，眼睛上翻，一分钟就停了") until a
   * `narrativeBreak` word. History words without a time ("病史", "既往") do not carry.
   */
  pastAnchor: CueDef;
  /** "当时", "at the time": inside a carried past, an onset word in the same clause does not end it. */
  pastContinuation: CueDef;
  /** Words that end a carried past: present, onset or course words ("现在", "突然", "又", "then today"). */
  narrativeBreak: CueDef;
  /**
   * Exam or teaching material ("OSCE station", "MCQ", "规培考试病例题"), anywhere in the message: a
   * clause with no present-moment word and no person of the writer's is an exam stem, not a patient.
   */
  examFrame: CueDef;
  /**
   * A sentence saying the described state is happening now ("she's like that right now", "现在就是这样"),
   * anywhere in the message: a question's hypothetical describes the present, so no knowledge cue silences it.
   */
  nowConfirm: CueDef;
  /** Present-moment words that keep a clause live even inside a knowledge question. */
  nowStrong: CueDef;
  /** A person the writer talks about; exempts a clause from a sentence-level question. */
  personal: CueDef;
  /** Fiction or news content ("女主", "in the film"): that clause and the impersonal clauses after it. */
  fiction: CueDef;
  /** Clause-initial example markers: inside a knowledge question they are examples, not symptoms. */
  example: CueDef;
  /** Animal subjects (sentence scope). */
  pet: CueDef;
  /** Human-victim words that keep an animal sentence relevant ("狗咬了我"). */
  petHumanVictim: CueDef;
  /** Idioms, titles and product names; a symptom inside one is not a symptom. */
  figurative: CueDef;
  /** Death of a relative ("走的", "passed away"). */
  death: CueDef;
  /** Relatives; with past framing the reason becomes third_party_past. */
  relative: CueDef;
}

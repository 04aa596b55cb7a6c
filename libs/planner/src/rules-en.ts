import { normalise } from './features';
import type { CueRule } from './rule-types';

// English intent cues, matched against lower-cased text with "what's" expanded
// (see normaliseEn); acronym rules that must stay case-sensitive carry their own
// flags and are matched against the raw clause by the classifier.

export const EN_RULES: readonly CueRule[] = [
  // risk_triage
  {
    id: 'en.risk.serious',
    type: 'risk_triage',
    w: 3,
    re: /\b(is|are|was|could) (it|this|that|these|this \w+|my \w+) (serious|dangerous|urgent|worrying|an emergency|bad|a (big )?(deal|problem|concern))|\bhow (serious|bad|worried|concerned|urgent|aggressive|risky)\b|\bbig deal\b|\b(is|are|was) (it|this|that|these|this \w+|my \w+) (too )?(risky|aggressive|advanced|life-threatening|harmful|too much)\b/,
  },
  {
    id: 'en.risk.urgent',
    type: 'risk_triage',
    w: 3,
    re: /\burgent(ly)?\b|\bemergency\b|\ba&e\b|\bthe er\b|\burgent care\b|\bright away\b|\basap\b/,
  },
  {
    id: 'en.risk.see_doctor',
    type: 'risk_triage',
    w: 3,
    re: /\b(see|seeing|go to|going to|visit|visiting|call|go back to) (a |my |the |our |her |his )?(doctor|gp|specialist|hospital|clinic|\w+ologist|someone)\b|\bbe seen\b|\bget (it |this |that |them )?(checked|looked at)|\bchecked out\b|\bbook (an? )?(normal |urgent )?appointment\b|\breferr(ed|al)\b|\bbook (myself |him |her |them |me |us )?in\b|\b(make|get|book) (an |a )?(appointment|slot)\b|\bfollow(ed)?[- ]?ups? (with|at|from|by|in) (a |an |the |my |his |her )?\w+|\bneed (any |a |regular |some |further )?(follow-?up|followup|monitoring|surveillance|referral|check-?ups?)\b|\bworth (getting (it |this |that )?(seen|checked|looked at)|a trip to|seeing|visiting|going to|booking|asking (my|the|a) (gp|doctor))\b/,
  },
  {
    id: 'en.risk.department',
    type: 'risk_triage',
    w: 3,
    re: /\b(which|what kind of|what type of) (specialist|doctor|department|clinic)\b/,
  },
  {
    id: 'en.risk.estimate',
    type: 'risk_triage',
    w: 3,
    re: /\b(my|her|his|their|mum's|mom's|dad's|personal)( [\w-]+){0,2} risk\b|\b(in|part of) (a|the) (high|higher|increased|very high)[- ]risk (group|category)\b|\bam i (at )?(high|higher|very high|increased)[- ]risk\b|\bat (high|higher|increased|greater|low|lower) risk\b|\brisk of (getting|developing|having)\b|\bchances? (of|that)\b|\bhow likely\b|\blikely (to|that) (i|she|he)\b|\bput (me|her|him|mum|mom|dad|them) at\b|\b(am i|is (he|she|my \w+)|are we) (heading|headed|on track|on course|on my way|on the way|going|likely) (for|to|towards?)\b(?! (the|a|an) (doctor|gp|hospital|clinic))|\bwill (i|he|she|my \w+) (get|develop|end up (with|on|needing)|go on to (get|develop|need))\b/,
  },
  {
    id: 'en.risk.timing',
    type: 'risk_triage',
    w: 3,
    re: /\boverdue\b|\bcan (it|this|that) wait\b|\bsafe to wait\b|\bwait (until|for|a few)\b|\bhigh enough\b|\btoo high\b|\bshould (i|she|he) be screened\b|\bhow soon (should|do|must|can) (i|he|she|we|they|my \w+) (see|go|get|be|have)\b|\bbad enough\b|\bwhen should (i|she|he|we|my \w+) (start|get|have|begin|be)\b[^?]{0,30}\b(screen\w*|test\w*|check\w*|colonoscop\w+|mammogram\w*|scan\w*)|\bshould (i|she|he) (get|have) (a |an )?(screening|colonoscopy|mammogram|scan|biopsy)\b/,
  },
  { id: 'en.risk.worry', type: 'risk_triage', w: 2, re: /\bworr(y|ied)\b|\bconcerned\b/ },
  // "heart racing after coffee — normal?": whether a finding is OK is a seriousness question.
  {
    id: 'en.risk.normal',
    type: 'risk_triage',
    w: 2,
    re: /^(is (it|this|that) )?normal\?|\bis (this|that|it) normal\b/,
  },
  // "how often should he get his kidneys checked / see the cardiologist": follow-up cadence.
  {
    id: 'en.risk.follow_up',
    type: 'risk_triage',
    w: 3,
    re: /\bhow often should (i|he|she|we|they|my \w+) (get|have|go|see|be seen|come back|visit)\b|\bhow often (will|would) (i|he|she|we|they|my \w+) need (to (be seen|see|come back|go back|have|get)|(\w+ )?(checks?|check-?ups?|scans?|tests?|bloods|follow-?ups?|monitoring))\b|\bhow often (do|does) (i|he|she|we|they|my \w+) need to (see|go|be seen|get)\b/,
    unless: /\b(guidelines?|recommend\w*|vaccin\w*|booster|jab|shot)\b/,
  },
  {
    id: 'en.risk.need_treatment',
    type: 'risk_triage',
    w: 3,
    re: /\b(do|does|will|would|whether|if) (i|she|he|we|my \w+) (really |actually |even |ever |eventually )?need (one|it|this|treatment|medication|meds|tablets|pills|insulin|surgery|an operation|to (start|take|be treated))\b/,
    // "will I need meds forever": whether a treatment is lifelong is knowledge about it.
    unless: /\b(forever|for life|for the rest of|long[- ]term|lifelong|permanently|indefinitely)\b/,
  },
  {
    id: 'en.risk.need',
    type: 'risk_triage',
    w: 2,
    re: /\b(do|should|does) (i|she|he|we|my \w+|mum|mom|dad) (need|get) (a|an|to) ([\w-]+ ){0,2}(biopsy|scan|test|appointment|see|go|mri|ct|x-?ray|colonoscopy|endoscopy|ultrasound|echo|mammogram)\b/,
  },

  // symptom_analysis
  {
    id: 'en.sym.cause',
    type: 'symptom_analysis',
    w: 3,
    re: /\bwhat (is |are )?(likely |probably |possibly |actually |really )?(could be |might be )?(causing|behind)\b|\bwhat (usually |typically |commonly |normally |generally |most often |actually |really )?causes\b|\bwhat (is|are) (it|this|that|they) (most |more )?(likely|probably)\b|\bwhat (might|could|would|can|may) (cause|trigger|set off|bring on)\b|\bwhat (usually |typically |commonly |actually |really )?(triggers|sets off|brings on)\b|\bcause of (my|this|these|the|her|his)\b|\bbe the cause\b|\bcaused by\b|\bwhy (do|am|does|is) (i|my)\b(?! doctor)(?! (have|need) to)|\bwhy i\b/,
  },
  {
    id: 'en.sym.could_be',
    type: 'symptom_analysis',
    w: 3,
    // "What is it exactly?" asks what a named condition is, not whether a symptom is one.
    unless:
      /\b(how|what|when|where|which|why) (is|are) (it|this|that|they)\b|\bwhat (exactly )?(is|are) (it|this|that|they)\b|\bis (that|this|it) (considered |classed as |classified as )?(pre-?diabet\w*|diabet\w*|osteop\w+|osteoporosis|obes\w+|hypertension|high blood pressure|an(a)?emi\w+|ckd|stage \d|grade \d)/,
    re: /\b(could|might) (it|this|that|these|they|my( \w+){1,2}) be\b|\bcan (it|this|that) be\b(?! (reversed|cured|treated|prevented|fixed|managed|controlled|undone|improved)\b)|\bis (it|this|that) (just |mostly |all |only |simply |really )?(?!(?:(?:just|mostly|all|only|simply|really) )?(?:a |an )?(?:serious|dangerous|urgent|normal|safe|ok|okay|fine|bad|big|high|low|true|problem|issue|concern|worry|worrying|concerning|(?:just )?(?:internet|hype|hyped|marketing|a myth|myth|stuff|nonsense|rubbish|a fad|legit|real|overblown|exaggerated|overrated)|possible|aggressive|advanced|benign|malignant|cancerous|treatable|operable|terminal|fatal|deadly|life-threatening|slow-growing|fast-growing|rare|permanent|progressive|necessary|worth|likely|risky|harmful|painful|invasive|accurate|reliable|effective|expensive|contagious|hereditary|curable|common|better|worse|too|enough|something|anything|used|needed|related|caused)\b)(a |an )?[a-z]/,
  },
  {
    id: 'en.sym.from_med',
    type: 'symptom_analysis',
    w: 3,
    re: /\bafter (starting|taking|beginning|switching to) (my |the |a )?[a-z]+|\bbe (from|due to|because of) (my |the |a |an |this |that )?[a-z]|\bfrom my (\w+ )?(pills|medication|meds|tablets|drug|inhaler)\b|\brelated to (my|the)\b|\b(side effect|reaction) (of|to|from) (my|the new|this)\b|\bcould (that|this|it) be why\b/,
  },
  {
    id: 'en.sym.tests',
    type: 'symptom_analysis',
    w: 3,
    re: /\b(what|which) (blood )?(tests?|investigations?|bloods?|scans?)\b|\bwhich tests?\b|\bhow (would|do|can|could) (i|you|we) (know|tell|find out)\b|\bget tested for\b|\btests? (should|would)\b/,
  },
  {
    id: 'en.sym.wrong',
    type: 'symptom_analysis',
    w: 3,
    re: /\bany idea why\b|\bwhy (is|does|do) (this|it|that) (happen|keep)|\bwhat (is|might be|could be|may be|would be|can be) (wrong|going on|happening)\b|\bwhat (might|could) explain\b|\b(could|might|would|may) [^?]{1,30}\bexplain (my|her|his|the|this|these|it)\b|\bwhat is making\b|\bwhy am i\b|\b(is|could) (there )?(something|anything) (else )?(be )?(wrong|going on)\b|\bsomething else going on\b/,
  },

  // general_consultation
  {
    id: 'en.gen.what_is',
    type: 'general_consultation',
    w: 2,
    re: /\bwhat (exactly |actually |really |even )?(is|are) (a |an |the )?(exactly |actually |really )?[a-z0-9]/,
    // "what is the ICD code / the evidence / causing it" belong to other readings.
    unless:
      /\bwhat (exactly |actually |really |even )?(is|are) (a |an |the )?(likely |probably |possibly |actually |really )?(correct |right |latest |current |best )?(icd|codes?|coding|stage|grade|class|category|cut-?offs?|thresholds?|criteria|evidence|research|studies|trials?|guidelines?|recommend\w*|targets?|causing|wrong|going on|making|my risk|the risk|chances?|(best|most \w+|easiest|safest|quickest|healthiest) way)\b/,
  },
  {
    id: 'en.gen.difference',
    type: 'general_consultation',
    w: 3,
    re: /\bdiff?e?rence between\b|\bdiffrence\b|\bdifferent from\b|\bcompared? (to|with)\b|\bhow (accurate|reliable)\b|\bversus\b|\bvs\.?\b|\bsame (thing|as)\b/,
  },
  {
    id: 'en.gen.how_works',
    type: 'general_consultation',
    w: 3,
    re: /\bwhat (a|an|the) [a-z0-9-]+ (does|is for|shows?|measures?|checks? for|looks? for|detects?|tells you)\b|\b(need|have) to (fast|stop eating|avoid (food|eating)|prepare)\b[^?]{0,20}\b(before|beforehand|for (it|the|this|my))\b|\bhow (does|do|did|would) [^?]{1,40}\bwork\b|\bhow (does|do|did|would|will) (it|this|that|the drug|the medication|(?!(i|we|you)\b)[a-z0-9-]+) (actually |really )?(treat|lower|reduce|make|help|protect|fight|kill|act on|block)\b|\bused for\b|\bwhat (does|do) (?!(i|we|you)\b)[^?]{1,30}\bdo\b|\bmechanism\b|\bwhat [^?]{1,20} for\?/,
  },
  {
    id: 'en.gen.drug_use',
    type: 'general_consultation',
    w: 3,
    re: /\bside effects?\b|\binteract|\bhow often should [a-z0-9 ]{0,20}be (checked|tested|monitored|measured)\b|\bcan (i|you|we) (take|use|mix|combine)\b|\btogether\b|\bsafe to take\b|\bok to (take|crush|split|cut)\b|\bempty stomach\b|\bwith food\b|\bmiss(ed)? a dose\b|\bcrush\b|\bwhile on\b|\bdamage (the|my) (kidneys?|liver)\b|\bhow to take\b|\bwhen to take\b|\b(stop|quit|come off) (taking|my|the)\b|\bhow (much|often) should i take\b|(?<!\b(low|high|standard|baby)[- ])\bdose\b|\bdosage\b/,
  },
  {
    id: 'en.gen.safety',
    type: 'general_consultation',
    w: 3,
    // "is it safe to start lifting again" is an activity question (lifestyle), not drug safety.
    unless:
      /\bsafe to (start |begin |go back to |keep )?(exercis|run|jog|lift|swim|walk|hike|cycl|fly|travel|drink|eat|fast|play|train|do (sport|yoga|pilates)|go to the gym|lose|diet|cut)/,
    re: /\bis (\w+ ){1,2}safe\b(?! to wait)|\bsafe (during|in|while|for) (pregnancy|breastfeeding|pregnant|kids|children|babies)\b/,
  },
  {
    id: 'en.gen.nature',
    type: 'general_consultation',
    w: 2,
    re: /\bcontagious\b|\binfectious\b|\bhereditary\b|\bgenetic\b|\bautoimmune\b|\binherited\b|\bpreventable\b|\bcured?\b|\bcurable\b|\bfor life\b|\bbooster\b|\bvaccin\w*|\brevers(e|ed|ible)\b|\bflu shot\b|\bjab\b|\bimmuni[sz]\w*|\bgeneric\b/,
  },
  {
    id: 'en.gen.meaning',
    type: 'general_consultation',
    w: 2,
    re: /\bwhat (does|do) [^?]{1,30}\b(mean|stand for|measure)\b|\bnormal (range|level|value)\b/,
  },
  {
    id: 'en.gen.why_doctor',
    type: 'general_consultation',
    w: 3,
    re: /\bwhy (does|do|did|would) (my|the|her|his) doctor\b|\bwhy do i (have|need) to\b|\bwhy (does|do|did) [a-z]+ (want|order)\b/,
  },
  {
    id: 'en.gen.anyway',
    type: 'general_consultation',
    w: 1,
    re: /\banyway\b|\bexplain\b/,
    // "could low iron explain my hair loss" asks for a cause.
    unless: /\b(could|might|would|can|does|do|may) [^?]{1,30}\bexplain\b/,
  },
  // "what else could I take instead": other treatment options.
  {
    id: 'en.gen.alternative',
    type: 'general_consultation',
    w: 3,
    re: /\b(take|use|try|switch to|go on) instead\b|\balternatives? (to|for)\b|\bwhat would the alternative\b|\bwhat else (could|can|should|might) (i|he|she|we|they) (take|use|try)\b/,
  },
  { id: 'en.gen.worth', type: 'general_consultation', w: 2, re: /\bworth (trying|taking|it)\b/ },

  // lifestyle_guidance
  {
    id: 'en.life.diet',
    type: 'lifestyle_guidance',
    w: 2,
    re: /\b(eat|eating|diet|diets|dietary|food|foods|meal|meals|breakfast|lunch|dinner|snacks?|fruit|sugar|salt|sodium|carbs?|coffee|caffeine|alcohol|drink|drinks|drinking|beer|wine|red meat|fasting)\b/,
    unless:
      /\b(after|before|with) (dinner|breakfast|lunch|meals?|food)\b(?![^?]*\b(should|can|what|how)\b)|\bfasting (glucose|blood|sugar|lipids?|insulin|test|bloods|levels?|plasma|triglycerides)\b|\b(need|have) to fast\b/,
  },
  {
    id: 'en.life.exercise',
    type: 'lifestyle_guidance',
    w: 3,
    re: /\b(exercises?|excercises?|exersises?|workouts?|walking|running|swimming|gym|lift(ing)? weights|weights|yoga|pilates|stretch(es|ing)?|posture|active|activity|steps)\b/,
    unless: /\bsexually active\b|\b(active|activity) (ingredient|infection|disease|tb|hepatitis|surveillance|monitoring|treatment)\b/,
  },
  {
    id: 'en.life.weight',
    type: 'lifestyle_guidance',
    w: 2,
    re: /\b(lose|losing|loosing) (weight|fat|belly|[0-9.]+ ?(kg|kilos?|lbs?|pounds|stone))\b|\b(best|most realistic|easiest|safest|quickest|healthiest) way to (lose|slim|get fit|eat)\b|\bweight (loss|gain)\b|\b(target|healthy|ideal|goal) weight\b|\bsafe to lose\b|\bhow (fast|quickly) [^?]{0,20}\blose\b|\bkeep (the )?weight off\b|\bgain weight\b|\bweight (would|do|does|should|can) (i|he|she|we) (need to |have to )?(lose|shed|drop)\b/,
    unless:
      /\b(could|might|can) (it|this|that|my [a-z ]{1,30}) be\b|\bcaus(e|es|ing)\b|\bwhy\b|\bsymptoms?\b/,
  },
  {
    id: 'en.life.quit',
    type: 'lifestyle_guidance',
    w: 3,
    re: /\b(quit|quitting|stop|stopping) (smoking|drinking|vaping)\b|\b(best|easiest|realistic|good|right|safest) (way|plan|approach|method) to (actually |really )?(quit|stop)\b(?! (taking|the|my|this|these|it\b))|\bcut (down|back) on\b|\bcut down\b|\bhelp (him|her|them|me|us|my \w+) (to )?(stop|quit|give up|cut down)\b/,
  },
  {
    id: 'en.life.sleep',
    type: 'lifestyle_guidance',
    w: 2,
    re: /\b(sleep|sleeping|insomnia|bedtime|sleep routine)\b/,
    unless: /\bsleep (apn\w+|test|clinic|lab|specialist|disorder)\b/,
  },
  {
    id: 'en.life.advice',
    type: 'lifestyle_guidance',
    w: 2,
    unless: /\bstress (test|echo|ecg|ekg|scan|mri|fracture)\b/,
    re: /\btips?\b|\badvice\b|\broutine\b|\bskin ?care\b|\bmoisturi[sz]\w*|\bemollients?\b|\bhabits?\b|\blifestyle\b|\bself-care\b|\blook(ing)? after\b|\btake care of\b|\bstress\b/,
  },
  {
    id: 'en.life.should_i',
    type: 'lifestyle_guidance',
    w: 3,
    re: /\bwhat should i (eat|change|avoid|do differently)\b|\b(should|can|could) (i|we) change\b|\bi should change\b|\bshould i (avoid|cut|eat|drink|stop (eating|drinking|smoking))\b|\bwhat (can|could|should|do) (i|we) do\b|\b(anything|something|things) (i|we|he|she) (can|could) do\b|\b(do|try) (at home|myself|ourselves)\b|\bat home\b|\bhome remed\w*|\bremed(y|ies)\b|\bease (it|the|my)\b|\bhow (can|do|should) i (eat|cut|lose|sleep|stay|keep|build|manage)\b|\bhow much can i (drink|eat)\b|\bhow (much|many) [a-z ]{0,20}(a|per) (day|week)\b/,
  },

  // "how would I fit that around a desk job / get him moving more": making a habit fit a life.
  {
    id: 'en.life.fit',
    type: 'lifestyle_guidance',
    w: 3,
    re: /\bfit (that|it|this|them|these|\w+) (in|into|around)\b|\b(around|with) (a|my|her|his) (desk job|job|work|shifts?|schedule|commute)\b|\bget (him|her|me|them|us|my \w+) (moving|active|exercising|outside)\b|\bmoving more\b|\bday[- ]to[- ]day\b|\bdaily life\b|\beveryday life\b/,
  },
  // "how many should I realistically aim for", "how much can I walk": an amount of a habit.
  {
    id: 'en.life.amount',
    type: 'lifestyle_guidance',
    w: 3,
    re: /\bhow (much|many|far|long|often)\b[^?]{0,30}\b(should|can|could|do|must) (i|we|he|she)( \w+)? (realistically |really |actually )?(aim|aiming|target|do|get|walk|run|have|drink|eat|exercise|sleep|be doing)\b/,
    unless: /\b(take|dose|tablets?|pills?|medication|meds|tested|checked|screened|scanned|seen|bloods|test|check|scan)\b/,
  },
  // "what is a realistic weekly plan to get started", "a simple routine I could stick to": a plan for a habit.
  {
    id: 'en.life.plan',
    type: 'lifestyle_guidance',
    w: 3,
    re: /\b(realistic|sensible|good|safe|simple|practical|weekly|daily|doable|achievable|beginner'?s?|starter|easy)( \w+){0,2} (plan|routine|programme|program|approach|regime|regimen)\b|\b(target|healthy|ideal|goal) weight\b|\b(plan|routine) (to|for) (get(ting)? (started|fit|moving|active)|start(ing)? (exercis|walk|run)\w*|lose|eat)\b|\bget started\b/,
    unless: /\b(treatment|care|management|birth|insurance|dosing|taper(ing)?) (plan|regime|regimen)\b|\b(drug|medication|meds|tablets?|dose)\b/,
  },
  // "would chemo usually be needed at that stage", "is surgery typically offered": what is usually done is knowledge.
  {
    id: 'en.gen.usual_care',
    type: 'general_consultation',
    w: 4,
    re: /\b(usually|typically|normally|generally|routinely|standard)\b[^?]{0,30}\b(needed|need|required|recommended|offered|given|done|treated|used)\b|\b(needed|required|offered|given|done|used) (usually|typically|normally|generally|routinely)\b/,
    unless: /\b(guidelines?|studies|study|trials?|evidence)\b/,
  },
  {
    id: 'en.life.best',
    type: 'lifestyle_guidance',
    w: 3,
    re: /\b(best|healthiest|right|ideal) (diet|foods?|way to (eat|lose|exercise|sleep)|exercises?|meals?|eating plan)\b/,
  },

  // disease_classification
  {
    id: 'en.cls.icd',
    type: 'disease_classification',
    w: 4,
    re: /\bicd(-?\d+)?(-cm)?\b|\bcodes?\b|\bcoding\b|\bcoded\b/,
  },
  {
    id: 'en.cls.stage',
    type: 'disease_classification',
    w: 3,
    re: /\bstag(e|es|ing|ed)\b|\bgrad(e|ed|ing)\b|\bclassif(y|ied|ication)\b|\bclass [1-4i]\b|\bcategory\b|\bseverity\b|\bwhat class\b(?! of (drug|medication|medicine))/,
    unless:
      /^(?=[^?]*\b(how|should|can|could|would|do|does)\b)(?![^?]*(\b(what|which) (stage|grade|class)\b|\bmeans?\b|\b(staged|graded|classified|counts?)\b))[^?]*\b(with|have|has|had|for) (an? )?(early |late )?(stage|grade|class) [0-9ivx]+[abc]?\b/,
  },
  // "what does IIF mean", "what does grade 2 mean": the meaning of a grade token is asked of its scheme.
  {
    id: 'en.cls.grade_meaning',
    type: 'disease_classification',
    w: 3,
    re: /\bwhat (does|do|is) (a |an |the |my |her |his )?((grade|stage|class|category|type|level|tier|score) ([ivx]{1,4}|[0-9]{1,2})[a-f]?|[ivx]{1,4}[a-f])\b( \w+)? ?(mean|stand for|mean for)?\b/,
  },
  {
    id: 'en.cls.scale',
    type: 'disease_classification',
    w: 3,
    re: /\b(ti-?rads|bi-?rads|tr[1-5]|nyha|tnm|gleason|child-?pugh|ecog)\b/,
  },
  // "how is HF split into …", "what are the EF cut-offs", "how is that system organised".
  {
    id: 'en.cls.defined',
    type: 'disease_classification',
    w: 3,
    re: /\bcut-?offs?\b|\bthresholds? (for|between|of)\b|\bhow (is|are|do they|do you|does one) [^?]{1,50}\b(split|divided|categori[sz]ed|graded|staged|scored|classified|organi[sz]ed|subdivided|grouped)\b|\bwhat (category|class|grade|stage) (is|does|would)\b/,
  },
  {
    id: 'en.cls.counts_as',
    type: 'disease_classification',
    w: 3,
    // "T-score -2.6, does that mean osteoporosis?" asks where a value falls in the criteria.
    re: /\b(counts?|qualif(y|ies)) as\b|\b(is|am|are) [^?]{1,25}\b(considered|classed|classified|counted|defined) as\b|\b(is|am|are) (he|she|i|they|my \w+) (considered|classed|classified|counted|defined) (as )?(an? )?[a-z]|\bis (a|an|my|her|his) [^?]{1,40}\b(diabetic|pre-?diabetic|hypertensive|an(a)?emic|obese|osteoporotic)\b|\bis (that|this|it) (considered |classed as |classified as )?(pre-?diabet\w*|diabet\w*|osteop\w+|osteoporosis|obes\w+|hypertension|high blood pressure|an(a)?emi\w+|ckd|stage \d|grade \d)(?! (symptoms?|signs?|caus\w+))|\bdoes (that|this|it) mean (i|she|he|they|my \w+|it)?( have| has| is)? ?(osteo\w+|diabet\w+|prediabet\w+|hypertension|high blood pressure|an(a)?emi\w+|ckd|copd|obes\w+)\b/,
  },

  // clinical_research
  {
    id: 'en.res.study',
    type: 'clinical_research',
    w: 4,
    re: /\b(study|studies|studied|trials?|research|evidence|meta-?analys[ie]s|systematic review|randomi[sz]ed|rct|cohort|real-world data|published data|data on|literature|proof|proven|tested in|head-to-head)\b/,
  },
  {
    id: 'en.res.works',
    type: 'clinical_research',
    w: 2,
    re: /\bis (that|this|it) (really )?true\b|\bany truth\b|\bmyth\b|\b(actually|really) (works?|helps?)\b|\bwhat did [^?]{1,60}\b(show|find)\b|\bdoes it (really )?work\b/,
  },

  // clinical_guideline
  {
    id: 'en.gl.guideline',
    type: 'clinical_guideline',
    w: 4,
    re: /\bguid(e)?lines?\b|\bguidance\b|\bconsensus\b|\brecommendations?\b|\bofficial\b|\bstandards of care\b|\bschedule\b/,
  },
  {
    id: 'en.gl.say',
    type: 'clinical_guideline',
    w: 2,
    re: /\bwhat (do|does) (the )?(current|latest|new|updated)? ?([a-z]+ ){0,2}(say|recommend)\b|\baccording to\b|\bper [A-Za-z]+,/,
  },
  { id: 'en.gl.recommend', type: 'clinical_guideline', w: 1, re: /\brecommend(s|ed)?\b/ },
  // "What does the American Heart Association recommend …": a body named in full.
  {
    id: 'en.gl.body',
    type: 'clinical_guideline',
    w: 4,
    re: /\b(american|british|european|canadian|australian|world|national|international) [a-z ]{0,40}(association|society|college|institute|organi[sz]ation|academy|federation|task force|foundation)\b/,
    requires: /\b(recommend\w*|say|says|advise\w*|suggest\w*|guid\w*|position|stance)\b/,
  },
];

/** Matched case-sensitively on the raw clause: "NICE"/"WHO" the bodies, not the words. */
export const EN_ORG_RULE: CueRule = {
  id: 'any.gl.org',
  type: 'clinical_guideline',
  w: 3,
  re: /\b(ADA|NICE|ESC|ESH|AHA|ACC|GINA|GOLD|KDIGO|AAP|USPSTF|WHO|EASL|AASLD|IDSA|NCCN|ACOG|IDF|CDC|ACIP|EULAR|NHS)\b/,
};

export const EN_QUESTION =
  /\?|\s[-–—:]\s+(is|are|do|does|did|can|could|should|would|will|am|has|have)\b|^(and |also |so |but |then )?(what|how|why|when|which|where|who|is|are|do|does|did|can|could|should|would|will|may|might|am|any|has|have)\b|\b(what|how|why|when|which|whether)\b/;

export const EN_REQUEST =
  /\b(please|tell me|explain|i'd like to know|i want to know|wondering|any (tips|advice|ideas)|looking for|interested in|curious|can you|could you|help me|give me|cite|list)\b/;

export const EN_DRUG =
  /\b(drugs?|medications?|meds|medicine|pills?|tablets?|capsules?|insulin|metformin|aspirin|ibuprofen|tylenol|advil|paracetamol|acetaminophen|warfarin|statins?|[a-z]+statin|[a-z]+pril|[a-z]+sartan|[a-z]+olol|[a-z]+dipine|[a-z]+gliflozin|[a-z]+glutide|antibiotics?|amoxicillin|vitamins?|supplements?|probiotics?|vaccines?|inhalers?|levothyroxine|sertraline|fluoxetine|citalopram|escitalopram|paroxetine|venlafaxine|duloxetine|mirtazapine|amitriptyline|antidepressants?|ssris?|[a-z]+prazole|clopidogrel|[a-z]+xaban|prednisolone|prednisone|steroids?|allopurinol|colchicine|tamsulosin|finasteride|gabapentin|pregabalin|tramadol|codeine|[a-z]+mycin|[a-z]+cillin|[a-z]+floxacin)\b/;

const TEST_STUDY =
  /\b(sleep|nerve conduction|conduction|urodynamic|electrophysiology|swallow(?:ing)?|barium|doppler|imaging|flow|nuclear|sweat|motility) stud(?:y|ies)\b/g;

// Every rewrite below needs a latin letter or one of the quotes it folds: text without any
// (a Chinese clause) is returned as lower-cased NFKC without the seven passes.
const EN_REWRITE_TRIGGER = /[a-z’‘`]/;

export function normaliseEn(text: string): string {
  const lowered = normalise(text);
  if (!EN_REWRITE_TRIGGER.test(lowered)) return lowered;
  return lowered
    .replace(/[’‘`]/g, "'")
    .replace(/\bwhat'?s\b/g, 'what is')
    .replace(/\bhow'?s\b/g, 'how is')
    .replace(/\bi'm\b/g, 'i am')
    // Texting spellings ("can u explain", "ur results").
    .replace(/\bu\b/g, 'you')
    .replace(/\bur\b/g, 'your')
    // "nerve conduction study", "sleep study" are tests, not research.
    .replace(TEST_STUDY, '$1 test');
}

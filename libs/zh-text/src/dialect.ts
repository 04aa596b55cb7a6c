import { gated } from '@medagent/text-index';
import { HAS_TRADITIONAL, toSimplified } from './traditional';

// Dialect folding. Question forms of Cantonese, regional Mandarin and traditional characters, rewritten into the
// standard Mandarin forms the cue rules and the model know ("系唔系" → "是不是", "使唔使" → "需不需要",
// "点解" → "为什么", "食啲咩" → "吃些什么", "啥子" → "啥", "醫生說" → "医生说"). Only the text the
// classifier reads is rewritten (lengths change); clause offsets into the user's message stay untouched.

// A clause is read as Cantonese only when it carries a Cantonese-only particle or form.
const CANTONESE = /[唔冇咩嘅咗㗎嚟佢啲乜喺睇嘢噉咁揾嗰]|呢(?=[个種种啲度])|点解|点样|点算|系咪|使唔使|几时|几多|边个|边科/;

const CANTONESE_FORMS: readonly [RegExp, string][] = [
  [/系唔系|系咪|係唔係|係咪|是唔是/g, '是不是'],
  [/使唔使|驶唔驶|駛唔駛|洗唔洗/g, '需不需要'],
  [/紧唔紧要|紧要唔紧要/g, '要不要紧'],
  [/有冇/g, '有没有'],
  [/([\u4e00-\u9fff])得唔得/g, '能不能$1'],
  [/得唔得/g, '行不行'],
  [/点解/g, '为什么'],
  [/点算好|点算/g, '怎么办'],
  [/点样|点先|点(?=[治医办食饮做搞处预减降控补调养护理])/g, '怎么'],
  [/咩嘢|乜嘢|咩|乜/g, '什么'],
  [/边(?=[个種种科度间类啲位])/g, '哪'],
  [/呢(?=[个種种啲度排次])/g, '这'],
  [/嗰(?=[个種种啲度排次])/g, '那'],
  [/仲(?=[系係要有会會是未可])/g, '还'],
  [/先(?=[会會係系可啱得])/g, '才'],
  [/屋企/g, '家里'],
  [/戒口/g, '忌口'],
  [/(?<=[生佢他她我你人])话(?![题筒])/g, '说'],
  [/几时/g, '什么时候'],
  [/几多/g, '多少'],
  [/几耐/g, '多久'],
  [/定系|定係/g, '还是'],
  [/即刻/g, '马上'],
  [/而家/g, '现在'],
  [/成日/g, '总是'],
  [/犀利/g, '厉害'],
  [/肚屙/g, '拉肚子'],
  [/冲凉/g, '洗澡'],
  [/瞓觉|训觉/g, '睡觉'],
  [/阿妈|老母/g, '妈妈'],
  [/阿爸|老豆|老窦/g, '爸爸'],
  [/个仔/g, '儿子'],
  [/个女/g, '女儿'],
  [/睇/g, '看'],
  [/食(?![物品欲管道疗谱材盐醋油堂])/g, '吃'],
  [/(?<![冷热])饮(?![食料品])/g, '喝'],
  [/(引起|导致|造成|搞)(嚟)?(㗎|嘅)/g, '$1的'],
  [/同(?![时一样意学事类期步])/g, '和'],
  [/嚟㗎|嚟嘅|㗎|嘅(?=[？?]|$)|喎|啩/g, ''],
  [/([\u4e00-\u9fff])唔\1/g, '$1不$1'],
  [/唔/g, '不'],
  [/冇/g, '没'],
  [/咗/g, '了'],
  [/佢哋|佢/g, '他'],
  [/嘅/g, '的'],
  [/喺/g, '在'],
  [/啲/g, '些'],
  [/咁/g, '这样'],
  [/噉/g, '这样'],
  [/嘢/g, '东西'],
  [/揾/g, '找'],
  [/俾/g, '给'],
  [/(?<![关联体派维谱世直旁])系(?![统列数])/g, '是'],
];

// Regional Mandarin and net spellings ("啥子原因", "咋个办", "俺爹", "肿么办").
const REGIONAL_FORMS: readonly [RegExp, string][] = [
  [/啥子/g, '啥'],
  [/咋个|咋样/g, '怎么'],
  [/咋整|咋办/g, '怎么办'],
  [/要得不|要不要得/g, '行不行'],
  [/俺们|俺/g, '我'],
  [/(?<=我)爹/g, '爸'],
  [/(?<=我)娘/g, '妈'],
  [/这玩意儿?|这东西/g, '这个'],
  [/神马/g, '什么'],
  [/肿么/g, '怎么'],
  [/木有/g, '没有'],
];

// Every REGIONAL_FORMS pattern needs one of these strings: a text with none of them is left
// unchanged by the whole list (no earlier rewrite can run to create a later match), so the
// eleven passes are skipped (pinned in libs/planner/src/fast-paths.spec.ts).
export const REGIONAL_TRIGGER = /啥子|咋|要得不|要不要得|俺|爹|娘|这玩意|这东西|神马|肿么|木有/;

// Most text needs none of the three passes below: one test of their three triggers together
// (an alternation matches wherever one of its branches does) replaces three. When it fails, the
// traditional fold leaves the text as it is, so the later triggers would fail on it too.
export const ANY_TRIGGER = new RegExp(`${HAS_TRADITIONAL.source}|${CANTONESE.source}|${REGIONAL_TRIGGER.source}`);
// Gated on the characters one of which every trigger contains (@medagent/text-index).
const mayRewrite = gated(ANY_TRIGGER);

/** Folds traditional characters, Cantonese and regional Mandarin question forms into standard Mandarin. */
export function normaliseZh(text: string): string {
  if (!mayRewrite.test(text)) return text;
  let out = toSimplified(text);
  if (CANTONESE.test(out)) {
    for (const [re, to] of CANTONESE_FORMS) out = out.replace(re, to);
  }
  if (REGIONAL_TRIGGER.test(out)) {
    for (const [re, to] of REGIONAL_FORMS) out = out.replace(re, to);
  }
  return out;
}

/** For the spec: the regional rewrites, each with the pattern it applies. */
export const REGIONAL_PATTERNS: readonly RegExp[] = REGIONAL_FORMS.map(([re]) => re);

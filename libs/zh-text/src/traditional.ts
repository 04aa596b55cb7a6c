// The one Traditional→Simplified table: characters common in health questions, each folded
// to one simplified character (so folding keeps the text's length). NFKC does not fold them.
// Hand-kept pairs first (the union of the former tables of libs/safety and libs/planner), then
// every other single-character pair of the OpenCC tables (traditional-opencc.ts, Apache-2.0).
import { OPENCC_PAIRS } from './traditional-opencc';

const PAIRS =
  '麼么這这個个嗎吗說说醫医藥药檢检驗验會会還还為为應应該该種种麽么們们來来時时後后間间題题問问嚴严' +
  '險险風风飲饮運运動动鍛锻煉炼議议薦荐準准類类級级斷断診诊療疗發发頭头腦脑腎肾臟脏壓压癥症瘡疮膽胆' +
  '結结節节腫肿脹胀痠酸癢痒傷伤壞坏補补鈣钙鐵铁維维細细腸肠隻只開开關关讓让聽听覺觉幫帮歲岁兒儿孫孙' +
  '媽妈爺爷專专門门處处沒没無无幾几緊紧輕轻貧贫遺遗傳传懷怀劑剂針针術术線线據据證证實实試试較较與与' +
  '幹干齡龄體体質质彈弹測测視视點点電电圖图報报書书標标僅仅復复錯错幣币癒愈鬱郁慮虑憂忧暈晕氣气嘔呕' +
  '燒烧難难厲厉劇剧鐘钟話话寶宝熱热溫温塗涂識识認认過过嚨咙現现剛刚殺杀週周癇痫驚惊腳脚臉脸邊边側侧' +
  '從从給给嬰婴喚唤兩两顯显麗丽擔担嗆呛噁恶嘆叹疊叠縮缩窩窝癱瘫語语彎弯脈脉攣挛顆颗條条廁厕鬆松餵喂' +
  '糞粪喪丧決决絕绝愛爱';

/** Traditional character → simplified character (one UTF-16 unit each). */
export const TRAD_TO_SIMP: ReadonlyMap<string, string> = (() => {
  const m = new Map<string, string>();
  for (const table of [PAIRS, OPENCC_PAIRS]) {
    const chars = Array.from(table);
    for (let i = 0; i + 1 < chars.length; i += 2) {
      const from = chars[i] as string;
      const to = chars[i + 1] as string;
      if (from !== to && !m.has(from)) m.set(from, to);
    }
  }
  return m;
})();

const TRAD_CHARS = new RegExp(`[${Array.from(TRAD_TO_SIMP.keys()).join('')}]`, 'g');
/** The same class without the g flag, for a stateless test. */
export const HAS_TRADITIONAL = new RegExp(TRAD_CHARS.source);

/** Folds the table's traditional characters to simplified ones; length and offsets unchanged. */
export function toSimplified(text: string): string {
  return HAS_TRADITIONAL.test(text) ? text.replace(TRAD_CHARS, (ch) => TRAD_TO_SIMP.get(ch) ?? ch) : text;
}

// Every rule matches against a normalised copy of the message. The copy must keep the
// exact length of the original so evidence offsets point into the caller's text, hence
// only one-to-one character substitutions are allowed here.

// Traditional forms that appear in symptom words; mapping them lets the simplified
// lexicon cover messages typed on a traditional-Chinese keyboard.
const TRAD = '頭腦風暈氣醫嘔發燒無沒難厲嚴劇鐘說話歲寶個熱體溫塗應識認藥過嚨腫緊麼這還現剛殺傷懷週壓癇驚腳臉邊側讓從來後時嗎為們媽爺給兒嬰喚覺糊塗兩門關點顯麗擔憂嗆噁嘆疊縮窩臟癱語聽斷彎脈攣藥劑盒瓶顆條廁鬆餵糞便臟腎膽喪慮決絕鬱憂愛';
const SIMP = '头脑风晕气医呕发烧无没难厉严剧钟说话岁宝个热体温涂应识认药过咙肿紧么这还现刚杀伤怀周压痫惊脚脸边侧让从来后时吗为们妈爷给儿婴唤觉糊涂两门关点显丽担忧呛恶叹叠缩窝脏瘫语听断弯脉挛药剂盒瓶颗条厕松喂粪便脏肾胆丧虑决绝郁忧爱';

const CHAR_MAP: ReadonlyMap<number, string> = (() => {
  const m = new Map<number, string>();
  const trad = [...TRAD];
  const simp = [...SIMP];
  trad.forEach((t, i) => {
    const s = simp[i];
    if (s !== undefined && s !== t) m.set(t.charCodeAt(0), s);
  });
  // Typographic punctuation that users paste from phones and office tools.
  m.set(0x2019, "'");
  m.set(0x2018, "'");
  m.set(0x201c, '"');
  m.set(0x201d, '"');
  m.set(0x00a0, ' ');
  m.set(0x3000, ' ');
  m.set(0x2103, '℃');
  return m;
})();

/**
 * Lower-cases ASCII, folds full-width ASCII to half-width and common traditional
 * characters to simplified ones. Output length always equals input length.
 */
export function normalizeText(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0x41 && code <= 0x5a) {
      out += String.fromCharCode(code + 32);
    } else if (code >= 0xff01 && code <= 0xff5e) {
      // Full-width block maps onto ASCII 0x21..0x7e; lower-case letters too.
      let c = code - 0xfee0;
      if (c >= 0x41 && c <= 0x5a) c += 32;
      out += String.fromCharCode(c);
    } else {
      out += CHAR_MAP.get(code) ?? text.charAt(i);
    }
  }
  return out;
}

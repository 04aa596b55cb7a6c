// Failure classes of prerisk-2026.12.10 (libs/safety/CHANGELOG.md): English variant classes,
// pinyin, spoken numerals, wellness wording that vetoes the learned signal, and wording that
// only looks like a red flag. Sentences are our own neighbouring forms, not the batches' texts.
import { expandVariants } from './compile';
import { defaultPreRiskGate } from './gate';

const gate = defaultPreRiskGate();

describe('English variant classes (data/variants.json)', () => {
  const classes = [{ token: "can'?t", forms: ["can'?t", 'cannot', "couldn'?t"] }];
  test('a token becomes the group of its forms, everywhere it occurs', () => {
    expect(expandVariants("can'?t (?:lift|raise)|can'?t move", classes)).toBe("(?:can'?t|cannot|couldn'?t) (?:lift|raise)|(?:can'?t|cannot|couldn'?t) move");
  });
  test('a pattern without the token is unchanged', () => {
    expect(expandVariants('\\bslurred\\b', classes)).toBe('\\bslurred\\b');
  });
});

const CLASSES: { name: string; escalate: string[]; pass: string[] }[] = [
  {
    name: 'classes of the 2026-12-03 batches h20 to h28 (own wording)',
    escalate: [
      "my dad couldn't lift his right arm this morning and his smile looks crooked",
      "she was unable to raise her left arm at lunch and her speech is slurred",
      "knocked boiling soup over my son's chest, big area, skin gone white",
      "found grandpa in his cold flat, freezing to the touch, mumbling, not even shivering now",
      "picked wild shrooms in the woods and now we're both vomiting nonstop",
      "the rope's in the shed and nobody would miss me anyway",
      "he struck the back of his head on the kerb, he's on warfarin and keeps vomiting",
      "3 week old, threw up bright green twice, tummy looks bloated",
      "男，19岁，鞭炮炸伤左眼，左眼视力仅存光感",
      "宝宝才俩月，发烧38.6度，一直蔫蔫的",
      "外公 tu ran shuo hua han hu, zui wai le",
      "孩子把奶奶的降糖药从抽屉里翻出来了，药板上少了两粒",
      "inhaler isn't doing anything and I can only get out two words at a time",
      "29 weeks, a gush of clear fluid just now and it's still leaking",
      "心口发紧，往左肩和下巴窜，已经一个小时了",
      "letter for my parents is on the desk, after tonight it'll be over",
      "flew back yesterday, calf swollen and tender, stabbing pain when I breathe in, HR is around 120",
    ],
    pass: [
      "my 3 year old had 39 this morning but he's bouncing on the sofa and asked for a snack",
      "孩子发烧38.5，吃了退烧药现在照样跑来跑去，喊饿",
      "baby spat up her whole bottle after the feed, happy and smiling now",
      "did the glass test on her rash and it fades completely, no fever",
      "pulp fiction overdose scene, what was the drug",
      "我表姐说心脏骤停的黄金抢救时间是四分钟，这个说法准确吗",
      "my asthma is going nuts with the pollen but my inhaler works and I can talk fine",
      "hs-cTnT 0h <3 ng/L, 3h <3 ng/L, chest pain resolved, ACS ruled out",
      "我们社区排小品，我演晕倒的病人，怎么倒才不会摔着",
      "老伴偏瘫坐轮椅好几年了，想问怎么防褥疮",
      "COPD, baseline SpO2 90% on air, today 90%, breathlessness at her usual level",
      "my wife had a stroke in 2019 and is fully back to gardening now, can she babysit?",
      "孩子流鼻血，捏着鼻翼按了五分钟就止住了，现在在玩",
    ],
  },
  {
    name: 'classes of the 2026-12-03 batches h29 to h35 (own wording)',
    escalate: [
      "我爸早上说右眼一下子啥都看不见了，像被窗帘挡住",
      "小孙子一岁不到，拉了一天水，嘴唇干裂，尿布一上午都是干的，睡得叫不太醒",
      "天台我已经看好了，撑不下去了",
      "cut deeper than usual and it's still bleeding after 20 minutes of pressure, the edges gape",
      "my toddler bit into a dishwasher tab, drooling and coughing",
      "mixed bleach with a bathroom cleaner, now coughing and my chest is burning",
      "he got a jolt off the toaster that threw him across the room, his heart feels fluttery",
      "my head just exploded out of nowhere, I'm throwing up and the light hurts",
      "肚子先是肚脐周围疼，后来挪到右下边了，还发烧",
      "diabetic nan, sugar 28 all day, barely making sense",
      "cirrhosis, just puked a bowl of blood",
      "32 weeks and only a couple of kicks all day",
      "charcoal heater in their sealed room overnight, both dizzy with headaches",
    ],
    pass: [
      "万一哪天半夜突然说不出话、半边身子没劲，独居老人该怎么提前准备？",
      "老人吃东西噎住了家里人该怎么做？",
      "她老说“我快被你气出心梗了”，其实人好好的",
      "外婆养的鸡误喝了农药水，死鸡还能吃吗",
      "my son's band 'Cardiac Arrest' is playing tonight, how loud is too loud?",
      "what fake blood is safe for a halloween costume?",
      "our baby was admitted at 4 weeks with a fever, she's 8 months now and thriving, any issue for jabs?",
      "小朋友在超市哭闹打滚，后来爬起来就跑着玩了",
    ],
  },
  {
    name: 'classes of the 2026-12-03 batches h36 to h38 (own wording)',
    escalate: [
      "右眼突然胀痛得厉害，看灯周围有彩虹圈，还想吐",
      "sudden severe pain in my left eye, halos around the lights and I threw up",
      "flashes and new floaters this morning, now a shadow like a curtain has come down over that eye",
      "26 weeks pregnant, cramps every 4 minutes for an hour",
      "on lithium for years, started a water pill, now slurring and unsteady on my feet",
      "on clozapine, sore throat and fever 39 since last night",
      "vomited 'half a cup' of bright red blood, I have cirrhosis",
      "爷爷吃饭时筷子从右手滑落两次，讲话含混不清",
    ],
    pass: [
      "昨天急诊查血钾6.8，报告写着标本溶血，今天复查4.1，没有不舒服",
      "\"passed out\" as he calls it after the party, but he slept fine and ate breakfast",
      "宝宝两个月，吐了一次奶，吐完还嚷着要吃，尿布湿得挺勤",
      "在追《急诊科医生》，里面说主动脉夹层是撕裂样的疼，真的假的",
    ],
  },
];

describe.each(CLASSES)('$name', ({ escalate, pass }) => {
  test.each(escalate)('ESCALATE: %s', (text) => {
    expect(gate.evaluate(text).decision).toBe('ESCALATE');
  });
  test.each(pass)('PASS: %s', (text) => {
    expect(gate.evaluate(text).decision).toBe('PASS');
  });
});

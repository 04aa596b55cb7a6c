// Failure classes added in prerisk-2026.12.7, each checked through the rule that must fire
// (not only the decision), plus knowledge / fiction / resolved / negated frames that must stay PASS.
// Sentences are our own neighbouring forms, not the blind batch's texts.
import { defaultPreRiskGate } from './gate';

const gate = defaultPreRiskGate();
const fired = (t: string) => gate.analyze(t).fired.map((f) => f.rule.id);

describe('PreRiskGate 12.7 classes: the named rule fires', () => {
  test.each([
    ['consciousness.gcs_le12', 'F 67, brought in confused, GCS 9'],
    ['consciousness.gcs_le12', '患者GCS评分12分，家属说下午还好好的'],
    ['head_injury.gcs_pupil', '骑车摔倒撞到头，右侧瞳孔散大'],
    ['consciousness.status_epilepticus', 'my son has been fitting for over 6 minutes and it is still going'],
    ['consciousness.status_epilepticus', '抽搐已经持续了十分钟，还没停'],
    ['glycaemic.dka_acidosis', 'T1DM, venous pH 7.21, vomiting since this morning'],
    ['glycaemic.dka_acidosis', '糖尿病患者，血酮4.2 mmol/L'],
    ['glycaemic.meter_lo', "dad's meter just reads LO and he is sweaty"],
    ['poison.digoxin_level', '服地高辛，血药浓度3.1 ng/mL，心率40次/分'],
    ['poison.paracetamol_level', '扑热息痛血药浓度在治疗线以上'],
    ['stroke.vignette', '突然左侧肢体无力，说话不清，最后正常时间是30分钟前'],
    ['pregnancy.ectopic_scan', 'positive pregnancy test, scan shows no intrauterine sac and free fluid'],
    ['pregnancy.ectopic_missed_period', 'missed my period, sharp pain on the left side low down and I fainted'],
    ['infant.fever_under3m', '我家宝宝40天 体温38.1'],
    ['infant.fever_under3m', 'my 5 week old baby has a temp of 38.3'],
    ['poison.co_vehicle', 'engine was left running in the garage and grandpa is slumped over the wheel'],
    ['poison.toxic_plant', '孩子吃了几颗曼陀罗的果子'],
    ['breathing.severe_sign', '喘不过气，嘴唇发紫'],
    ['cardiac.chest_pain_plus', 'tightness in my chest and sweating a lot'],
    ['breathing.asthma_unrelieved', 'my puffer is doing nothing and I am wheezing'],
  ])('%s: %s', (rule, text) => {
    expect(fired(text)).toContain(rule);
    expect(gate.evaluate(text).decision).toBe('ESCALATE');
  });
});

describe('PreRiskGate 12.7 classes: frames that stay PASS', () => {
  test.each([
    'What does status epilepticus mean and when is it diagnosed?',
    '在《某医疗剧》里看到有人误服农药，现实中能救回来吗',
    '几年前失恋时说过不想活了，那都过去了，现在想学学怎么调节情绪',
    '复诊，服华法林，INR 2.4，无鼻出血、黑便或瘀斑，问下次什么时候抽血',
    '嘴唇紫色的口红适合什么肤色',
    '夹竹桃有毒吗，院子里能种吗',
  ])('%s', (text) => {
    expect(gate.evaluate(text).decision).toBe('PASS');
  });
});

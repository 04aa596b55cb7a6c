// Bilingual wording for assess_risk reasons and advice. Kept apart from the logic so
// clinicians can review the text without reading code.
import type { Family, RiskLevel } from '../types';

export const FAMILY_TEXT: Readonly<Record<Family, { zh: string; en: string }>> = {
  heart_attack: { zh: '胸痛伴出汗、放射痛或持续不缓解，需排除急性心肌梗死', en: 'chest pain with sweating, radiation or persistence: a heart attack must be ruled out' },
  stroke: { zh: '出现口角歪斜、单侧肢体无力/麻木或言语不清等卒中征象', en: 'stroke signs such as facial droop, one-sided weakness/numbness or speech difficulty' },
  breathing: { zh: '严重呼吸困难或血氧偏低', en: 'severe breathing difficulty or low oxygen saturation' },
  anaphylaxis: { zh: '接触过敏原后出现喉头/口唇肿胀、呼吸困难或头晕，提示严重过敏反应', en: 'throat/lip swelling, breathing difficulty or faintness after an allergen: possible anaphylaxis' },
  suicide_self_harm: { zh: '有自杀或自伤的想法或行为', en: 'suicidal thoughts or self-harm' },
  overdose_poisoning: { zh: '可能的药物过量或中毒', en: 'possible overdose or poisoning' },
  glycaemic_emergency: { zh: '血糖极低或极高并伴意识改变', en: 'very low or very high glucose with altered consciousness' },
  major_bleeding: { zh: '大量或止不住的出血', en: 'heavy or uncontrolled bleeding' },
  consciousness_seizure: { zh: '意识丧失、呼之不应或抽搐发作', en: 'loss of consciousness, unresponsiveness or a seizure' },
  thunderclap_headache: { zh: '突发的剧烈头痛（一生中最剧烈的头痛）', en: 'sudden, severe ("worst ever") headache' },
  pregnancy_emergency: { zh: '妊娠期出血、剧烈腹痛、晕厥、视物模糊或胎动减少等危险信号', en: 'pregnancy red flags: bleeding, severe pain, fainting, visual disturbance or reduced movements' },
  infant_red_flag: { zh: '婴儿危险信号（小于3个月发热、呼吸费力、拒奶、精神差等）', en: 'infant red flags (fever under 3 months, laboured breathing, poor feeding, lethargy)' },
  sepsis_meningitis: { zh: '发热伴颈项强直、皮疹不褪色、意识改变或循环差，需排除脑膜炎/脓毒症', en: 'fever with stiff neck, non-blanching rash, confusion or poor circulation: meningitis/sepsis must be ruled out' },
  hypertensive_crisis: { zh: '血压≥180/110 mmHg 且伴有症状', en: 'blood pressure at or above 180/110 mmHg with symptoms' },
  head_injury: { zh: '头部外伤后出现意识丧失、呕吐、头痛加重或服用抗凝药等危险信号', en: 'head injury with loss of consciousness, vomiting, worsening headache or blood thinners' },
  acute_abdomen: { zh: '剧烈腹痛伴危险征象', en: 'severe abdominal pain with warning signs' },
  cardiac_arrest: { zh: '心跳或呼吸停止、呼之不应：心脏骤停', en: 'no breathing or pulse and unresponsive: cardiac arrest' },
  environmental: { zh: '溺水、触电、中暑或大面积烧烫伤等环境/意外急症', en: 'drowning, electric shock, heat stroke or extensive burns' },
  critical_vitals: { zh: '生命体征达到危急值（NEWS2 高分或单项红色值）', en: 'vital signs in the critical range (high NEWS2 score or a single red value)' },
  major_trauma: { zh: '高处坠落、车祸、刀刺伤或肢体畸形等严重创伤', en: 'major trauma: a fall from height, a road collision, a stab wound or a deformed limb' },
  vascular_emergency: { zh: '肢体突然发白发凉、摸不到脉搏：急性肢体缺血', en: 'a suddenly cold, pale, pulseless limb: acute limb ischaemia' },
  critical_labs: { zh: '化验或心电图危急值（如高钾、INR极高伴出血、ST段抬高）', en: 'a critical lab or ECG value (e.g. high potassium, very high INR with bleeding, ST elevation)' },
};

export const LEVEL_ADVICE: Readonly<Record<RiskLevel, { zh: string; en: string }>> = {
  emergency: {
    zh: '这可能是需要立即处理的紧急情况：请立即拨打120急救电话或尽快前往最近的急诊，不要自行驾车，尽量有人陪同。',
    en: 'This may be an emergency that needs help right now: call emergency services or get to the nearest emergency department without delay.',
  },
  urgent: {
    zh: '建议今天内就医（急诊或当日门诊）。如症状加重，或出现胸痛、呼吸困难、意识改变，请立即拨打120。',
    en: 'Get seen today (same-day clinic or emergency department). If it gets worse, or chest pain, breathing difficulty or confusion appear, call emergency services.',
  },
  routine: {
    zh: '目前未发现需要紧急处理的危险信号。建议在近几天至两周内到相关门诊就诊评估并复查；如出现胸痛、呼吸困难、意识改变、单侧肢体无力等情况，请立即就医。',
    en: 'No emergency red flags found. See a doctor within the next few days to weeks for assessment and re-testing; seek care immediately for chest pain, breathing difficulty, confusion or one-sided weakness.',
  },
  self_care: {
    zh: '目前未发现危险信号，可先自我观察、注意休息和生活方式调整；如症状持续、加重或出现新的不适，请及时就医。',
    en: 'No red flags found. Self-care and watchful waiting are reasonable for now; see a doctor if symptoms persist, worsen or new ones appear.',
  },
};

export interface VitalReasonText {
  zh: (v: string) => string;
  en: (v: string) => string;
  advice_zh?: string;
  advice_en?: string;
}

const GLUCOSE_ADVICE_ZH = '建议近期复查空腹血糖、餐后2小时血糖和糖化血红蛋白（HbA1c），到内分泌科或全科门诊评估；注意饮食控制和规律运动。';
const GLUCOSE_ADVICE_EN = 'Recheck fasting and 2-hour post-meal glucose and HbA1c soon, and see a GP or endocrinology clinic; watch diet and keep active.';
const BP_ADVICE_ZH = '建议每天固定时间在家测量血压并记录，近期到门诊评估治疗方案。';
const BP_ADVICE_EN = 'Measure and record your blood pressure at home at set times, and have your treatment reviewed soon.';

export const VITAL_TEXT: Readonly<Record<string, VitalReasonText>> = {
  bp_severe: { zh: (v) => `血压${v} mmHg，达到或超过180/110`, en: (v) => `blood pressure ${v} mmHg is at or above 180/110`, advice_zh: '即使没有症状，也建议今天内就医复测血压并评估。', advice_en: 'Even without symptoms, get your blood pressure rechecked and assessed today.' },
  bp_stage2: { zh: (v) => `血压${v} mmHg，明显偏高（≥160/100）`, en: (v) => `blood pressure ${v} mmHg is clearly raised (>=160/100)`, advice_zh: BP_ADVICE_ZH, advice_en: BP_ADVICE_EN },
  bp_high: { zh: (v) => `血压${v} mmHg，偏高（≥140/90）`, en: (v) => `blood pressure ${v} mmHg is raised (>=140/90)`, advice_zh: BP_ADVICE_ZH, advice_en: BP_ADVICE_EN },
  bp_low: { zh: (v) => `收缩压${v} mmHg，低于90`, en: (v) => `systolic pressure ${v} mmHg is below 90` },
  glucose_very_low: { zh: (v) => `血糖${v} mmol/L，低于3.0（严重低血糖）`, en: (v) => `glucose ${v} mmol/L is below 3.0 (severe hypoglycaemia)`, advice_zh: '如清醒能吞咽，立即补充15–20克含糖食物或饮料，15分钟后复测。', advice_en: 'If awake and able to swallow, take 15-20 g of fast sugar now and recheck in 15 minutes.' },
  glucose_low: { zh: (v) => `血糖${v} mmol/L，低于3.9（低血糖）`, en: (v) => `glucose ${v} mmol/L is below 3.9 (hypoglycaemia)`, advice_zh: '可先补充含糖食物，15分钟后复测；反复低血糖需就医调整用药。', advice_en: 'Take some fast sugar and recheck in 15 minutes; repeated lows need a medication review.' },
  glucose_very_high: { zh: (v) => `血糖${v} mmol/L，高于16.7`, en: (v) => `glucose ${v} mmol/L is above 16.7`, advice_zh: '请多饮水，有条件时查尿酮或血酮，今天内就医。', advice_en: 'Drink water, check ketones if you can, and get seen today.' },
  glucose_fasting_diabetic: { zh: (v) => `空腹血糖${v} mmol/L，达到糖尿病诊断切点（≥7.0）`, en: (v) => `fasting glucose ${v} mmol/L reaches the diabetes cut-off (>=7.0)`, advice_zh: GLUCOSE_ADVICE_ZH, advice_en: GLUCOSE_ADVICE_EN },
  glucose_fasting_impaired: { zh: (v) => `空腹血糖${v} mmol/L，偏高（6.1–6.9，空腹血糖受损）`, en: (v) => `fasting glucose ${v} mmol/L is raised (6.1-6.9, impaired fasting glucose)`, advice_zh: GLUCOSE_ADVICE_ZH, advice_en: GLUCOSE_ADVICE_EN },
  glucose_postmeal_diabetic: { zh: (v) => `餐后血糖${v} mmol/L，达到或超过11.1`, en: (v) => `post-meal glucose ${v} mmol/L is at or above 11.1`, advice_zh: GLUCOSE_ADVICE_ZH, advice_en: GLUCOSE_ADVICE_EN },
  glucose_postmeal_impaired: { zh: (v) => `餐后血糖${v} mmol/L，偏高（7.8–11.0，糖耐量异常范围）`, en: (v) => `post-meal glucose ${v} mmol/L is raised (7.8-11.0, impaired tolerance range)`, advice_zh: GLUCOSE_ADVICE_ZH, advice_en: GLUCOSE_ADVICE_EN },
  glucose_random_high: { zh: (v) => `随机血糖${v} mmol/L，达到或超过11.1`, en: (v) => `random glucose ${v} mmol/L is at or above 11.1`, advice_zh: GLUCOSE_ADVICE_ZH, advice_en: GLUCOSE_ADVICE_EN },
  glucose_reported_high: { zh: () => '自述血糖偏高', en: () => 'reports raised glucose', advice_zh: GLUCOSE_ADVICE_ZH, advice_en: GLUCOSE_ADVICE_EN },
  temp_very_high: { zh: (v) => `体温${v}℃，≥40℃`, en: (v) => `temperature ${v} C is 40 C or more` },
  temp_fever: { zh: (v) => `体温${v}℃，发热`, en: (v) => `temperature ${v} C: fever` },
  temp_fever_infant: { zh: (v) => `6个月以下婴儿发热${v}℃`, en: (v) => `fever ${v} C in a baby under 6 months` },
  temp_fever_pregnant: { zh: (v) => `孕期发热${v}℃`, en: (v) => `fever ${v} C in pregnancy` },
  hr_extreme: { zh: (v) => `心率${v}次/分，过快或过慢`, en: (v) => `heart rate ${v}/min is very fast or very slow` },
  hr_abnormal: { zh: (v) => `心率${v}次/分，偏快或偏慢`, en: (v) => `heart rate ${v}/min is fast or slow` },
  spo2_borderline: { zh: (v) => `血氧饱和度${v}%，偏低（92–94%）`, en: (v) => `oxygen saturation ${v}% is low (92-94%)` },
  symptom_urgent: { zh: (v) => `需要当天评估的症状：${v}`, en: (v) => `symptom that needs same-day assessment: ${v}` },
  symptom_routine: { zh: (v) => `症状：${v}`, en: (v) => `symptom: ${v}` },
  symptom_mild: { zh: (v) => `轻微或间断的症状：${v}`, en: (v) => `mild or intermittent symptom: ${v}` },
};

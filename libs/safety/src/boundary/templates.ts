// Fixed wording the boundary adds. Family hints are deliberately conservative: only
// first-aid steps that are safe without an examination (no drugs except where emergency
// services direct it).

export const DEFAULT_EMERGENCY_NUMBER = { zh: '120', en: '911/112' } as const;

export function emergencyLead(lang: 'zh' | 'en', number: string): string {
  return lang === 'zh'
    ? `请立即拨打${number}急救电话，或尽快前往最近的急诊；不要自行驾车，尽量有人陪同。`
    : `Call your local emergency number (${number}) now, or go to the nearest emergency department. Do not drive yourself; have someone stay with you.`;
}

export const FAMILY_HINTS: Readonly<Record<string, { zh: string; en: string }>> = {
  heart_attack: {
    zh: '停止活动，坐下或半躺休息；只有在没有过敏且急救人员建议时，才可嚼服阿司匹林。',
    en: 'Stop and rest sitting or half-lying. Chew aspirin only if you are not allergic and emergency services advise it.',
  },
  stroke: {
    zh: '记下症状开始的时间；不要给患者吃东西、喝水或服药。',
    en: 'Note the time the symptoms started. Do not give food, drink or medicines by mouth.',
  },
  breathing: {
    zh: '保持坐位、松开紧身衣物；如有医生开具的急救吸入药，可按医嘱使用。',
    en: 'Sit upright and loosen tight clothing. Use a prescribed reliever inhaler as instructed.',
  },
  anaphylaxis: {
    zh: '如有肾上腺素自动注射笔，立即在大腿外侧使用；平躺并抬高双腿，呼吸困难时可坐起。',
    en: 'If an adrenaline (epinephrine) auto-injector is available, use it in the outer thigh now. Lie down with legs raised, or sit up if breathing is hard.',
  },
  suicide_self_harm: {
    zh: '请不要独自一人，联系身边信任的人陪着你，并移开可能伤害自己的物品；也可拨打心理援助热线（如12356）。',
    en: 'Please do not stay alone: contact someone you trust and move away anything you could use to hurt yourself. Crisis lines can also help (for example 988 in the US).',
  },
  overdose_poisoning: {
    zh: '不要自行催吐；带上药盒、药瓶或可疑物品的包装。',
    en: 'Do not make the person vomit. Bring the medicine box, bottle or packaging.',
  },
  glycaemic_emergency: {
    zh: '如果清醒能吞咽且怀疑低血糖，可先喝含糖饮料；意识不清时不要喂食喂水。',
    en: 'If awake, able to swallow and low sugar is suspected, give a sugary drink; give nothing by mouth if drowsy or unconscious.',
  },
  major_bleeding: {
    zh: '用干净的布或纱布持续用力按压出血处。',
    en: 'Press firmly and continuously on the bleeding point with a clean cloth.',
  },
  consciousness_seizure: {
    zh: '抽搐时不要往嘴里塞任何东西，不要强行按压肢体，移开周围危险物；停止后让其侧卧。',
    en: 'During a seizure put nothing in the mouth and do not restrain the limbs; move hazards away, then place the person on their side.',
  },
  thunderclap_headache: {
    zh: '记下头痛开始的时间，安静休息，暂时不要进食饮水。',
    en: 'Note when the headache started, rest quietly and avoid food and drink for now.',
  },
  pregnancy_emergency: {
    zh: '尽量左侧卧休息，带上产检资料。',
    en: 'Rest lying on your left side if you can and bring your pregnancy notes.',
  },
  infant_red_flag: {
    zh: '立即带宝宝就医，途中注意保暖并观察呼吸。',
    en: 'Take the baby to be seen now; keep them warm and watch their breathing on the way.',
  },
  sepsis_meningitis: {
    zh: '告诉医生近期的手术、感染或用药情况。',
    en: 'Tell the clinicians about any recent surgery, infection or treatment.',
  },
  hypertensive_crisis: {
    zh: '保持安静坐位休息，不要自行加服大量降压药。',
    en: 'Rest quietly sitting down; do not take extra blood-pressure tablets on your own.',
  },
  head_injury: {
    zh: '尽量不要移动颈部，观察意识变化，不要独处。',
    en: 'Avoid moving the neck, watch for changes in alertness and do not leave the person alone.',
  },
  acute_abdomen: {
    zh: '暂时不要进食饮水，不要自行服用止痛药。',
    en: 'Avoid food and drink for now and do not take painkillers on your own.',
  },
};

export const DISCLAIMER = {
  zh: '（以上内容仅供参考，不能替代医生的面诊和诊断。）',
  en: '(This is general information, not a diagnosis, and does not replace an in-person assessment by a clinician.)',
} as const;

export const MEDICATION_BLOCK = {
  zh: '【用药安全】该用药存在高风险冲突，不建议使用；请勿自行服用，先咨询医生或药师。',
  en: 'Medication safety: this medication has a high-risk conflict and is not recommended. Do not take it without talking to a doctor or pharmacist.',
} as const;

export const DOSING_REPLACEMENT = { zh: '按说明书或遵医嘱', en: 'as directed on the label or by your clinician' } as const;

/**
 * Safe sentences that replace dangerous advice, per reason code. None of them matches a
 * rule of advice-rules.ts (each states the safe form), which keeps the boundary idempotent.
 */
export const ADVICE_TEMPLATES = {
  stop_medication: {
    zh: '请不要自行停药、减量或加量；是否调整用药，请先咨询开药的医生或药师。',
    en: 'Do not stop, reduce or increase a prescribed medicine on your own; talk to your prescriber or pharmacist before changing how you take it.',
  },
  no_doctor_needed: {
    zh: '是否需要就医要看具体情况；如症状持续、加重或出现新的不适，请及时就医。',
    en: 'Whether you need to be seen depends on your situation; if symptoms persist, get worse or new ones appear, see a doctor promptly.',
  },
  no_doctor_needed_risk: {
    zh: '你描述的情况需要医生评估，请尽快就医；如症状加重，请立即拨打急救电话。',
    en: 'What you describe needs a clinician to assess it: please get medical care soon, and call emergency services if it gets worse.',
  },
} as const;

export function homeWaitTemplate(lang: 'zh' | 'en', number: string): string {
  return lang === 'zh'
    ? `出现这些危险信号时不要在家等待观察，请立即拨打急救电话（${number}）或尽快前往急诊。`
    : `Do not wait at home with these warning signs: call your local emergency number (${number}) or go to the nearest emergency department now.`;
}

/** The whole answer when it is blocked: what is safe to say without the blocked content. */
export function blockedFallback(lang: 'zh' | 'en', number: string): string {
  return lang === 'zh'
    ? `这条回答包含可能不安全的用药或就医建议，已被安全检查拦截。请不要自行停用、减少或增加任何处方药；如有不适或用药疑问，请咨询医生或药师；出现胸痛、呼吸困难、意识改变等危险信号时，请立即拨打急救电话（${number}）。`
    : `This answer contained medication or care advice that may be unsafe and was withheld by the safety check. Do not stop, reduce or increase any prescribed medicine on your own; ask a doctor or pharmacist about symptoms or medicines; with warning signs such as chest pain, trouble breathing or confusion, call your local emergency number (${number}) now.`;
}

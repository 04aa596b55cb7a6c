// Red-flag rules per family. Combinations encode the clinical rule of thumb (chest pain
// plus an autonomic or radiating feature, fever plus a meningeal or perfusion sign...),
// never a particular sentence. Family weights choose the reported category when several
// families fire: the more specific explanation wins (pregnancy over hypertension, head
// injury over loss of consciousness).
import type { Family } from '../types';
import type { RuleDef } from './rule-types';

export const FAMILY_WEIGHT: Readonly<Record<Family, number>> = {
  pregnancy_emergency: 95,
  suicide_self_harm: 94,
  infant_red_flag: 93,
  anaphylaxis: 92,
  overdose_poisoning: 90,
  glycaemic_emergency: 89,
  head_injury: 88,
  stroke: 87,
  hypertensive_crisis: 86,
  heart_attack: 85,
  thunderclap_headache: 84,
  sepsis_meningitis: 83,
  major_bleeding: 82,
  consciousness_seizure: 81,
  breathing: 75,
  acute_abdomen: 70,
};

// Slurred speech counts as altered state when glucose is extreme.
const ALTERED = ['altered_state', 'syncope', 'unresponsive', 'seizure', 'speech'] as const;

export const RULES: readonly RuleDef[] = [
  // heart_attack
  { id: 'cardiac.chest_pain_plus', family: 'heart_attack', urgency: 'emergency', all: ['chest_pain'], any: [['radiation', 'cold_sweat', 'sweating', 'dyspnea', 'dyspnea_severe', 'duration', 'severe', 'sudden', 'syncope', 'presyncope', 'nausea', 'vomit', 'shock_signs', 'palpitations', 'v.hr_high', 'unilateral_numb']] },
  { id: 'cardiac.radiation_autonomic', family: 'heart_attack', urgency: 'emergency', all: ['radiation'], any: [['cold_sweat', 'shock_signs']] },
  { id: 'cardiac.named_now', family: 'heart_attack', urgency: 'emergency', all: ['cardiac_now'] },

  // stroke
  { id: 'stroke.face_droop', family: 'stroke', urgency: 'emergency', all: ['face_droop'] },
  { id: 'stroke.unilateral_weakness', family: 'stroke', urgency: 'emergency', all: ['unilateral_weak'], unless: ['limb_injury'] },
  { id: 'stroke.speech_sudden', family: 'stroke', urgency: 'emergency', all: ['speech', 'sudden'] },
  { id: 'stroke.numbness_sudden', family: 'stroke', urgency: 'emergency', all: ['unilateral_numb', 'sudden'], unless: ['limb_injury'] },
  { id: 'stroke.vision_sudden', family: 'stroke', urgency: 'emergency', all: ['vision_loss', 'sudden'] },
  { id: 'stroke.two_signs', family: 'stroke', urgency: 'emergency', atLeast: { n: 2, of: ['unilateral_numb', 'speech', 'gait', 'vision_loss', 'face_droop', 'unilateral_weak'] } },
  { id: 'stroke.named_now', family: 'stroke', urgency: 'emergency', all: ['stroke_now'] },

  // breathing
  { id: 'breathing.severe_sign', family: 'breathing', urgency: 'emergency', all: ['dyspnea_severe'] },
  { id: 'breathing.low_spo2', family: 'breathing', urgency: 'emergency', all: ['v.spo2_low'] },
  { id: 'breathing.dyspnea_plus', family: 'breathing', urgency: 'emergency', all: ['dyspnea'], any: [['at_rest', 'sudden', 'severe', 'chest_pain', 'cyanosis', 'altered_state', 'palpitations', 'wheeze', 'v.hr_high']] },
  { id: 'breathing.stridor_dyspnea', family: 'breathing', urgency: 'emergency', all: ['wheeze', 'dyspnea'] },
  { id: 'breathing.choking', family: 'breathing', urgency: 'emergency', all: ['choking'] },
  { id: 'breathing.apnea', family: 'breathing', urgency: 'emergency', all: ['apnea'] },

  // anaphylaxis
  { id: 'anaphylaxis.exposure_systemic', family: 'anaphylaxis', urgency: 'emergency', any: [['allergy_trigger', 'hives'], ['airway_swelling', 'dyspnea', 'dyspnea_severe', 'wheeze', 'syncope', 'presyncope', 'shock_signs', 'cyanosis']] },
  { id: 'anaphylaxis.named_now', family: 'anaphylaxis', urgency: 'emergency', all: ['anaphylaxis_now'] },

  // suicide_self_harm
  { id: 'suicide.intent', family: 'suicide_self_harm', urgency: 'emergency', all: ['suicidal'] },
  { id: 'suicide.self_harm', family: 'suicide_self_harm', urgency: 'emergency', all: ['self_harm'] },

  // overdose_poisoning
  { id: 'poison.large_ingestion', family: 'overdose_poisoning', urgency: 'emergency', all: ['ingest', 'large_quantity'] },
  { id: 'poison.child_ingestion', family: 'overdose_poisoning', urgency: 'emergency', all: ['accidental_ingest', 'v.young_child'], any: [['medication', 'toxin_strong']] },
  { id: 'poison.accidental_medication', family: 'overdose_poisoning', urgency: 'emergency', all: ['accidental_ingest'], any: [['some_quantity', 'large_quantity', 'high_risk_med']] },
  { id: 'poison.accidental_toxin', family: 'overdose_poisoning', urgency: 'emergency', all: ['accidental_ingest', 'toxin_strong'] },
  { id: 'poison.toxin', family: 'overdose_poisoning', urgency: 'emergency', all: ['ingest', 'toxin_strong'] },
  { id: 'poison.overdose', family: 'overdose_poisoning', urgency: 'emergency', all: ['overdose_word'] },
  { id: 'poison.carbon_monoxide', family: 'overdose_poisoning', urgency: 'emergency', all: ['co_source'], any: [['headache', 'nausea', 'vomit', 'dizziness', 'syncope', 'presyncope', 'altered_state', 'unresponsive']] },
  { id: 'poison.closed_space_cluster', family: 'overdose_poisoning', urgency: 'emergency', all: ['group_affected', 'closed_space'], any: [['headache', 'nausea', 'vomit', 'dizziness', 'syncope', 'presyncope', 'altered_state', 'gait']] },
  { id: 'poison.toxin_exposure', family: 'overdose_poisoning', urgency: 'emergency', all: ['toxin_exposure'], any: [['dizziness', 'nausea', 'vomit', 'altered_state', 'syncope', 'presyncope', 'dyspnea', 'sweating', 'cold_sweat', 'seizure', 'headache']] },
  { id: 'poison.snake_bite', family: 'overdose_poisoning', urgency: 'emergency', all: ['snake_bite'] },
  { id: 'poison.named_now', family: 'overdose_poisoning', urgency: 'emergency', all: ['poisoned_now'] },

  // glycaemic_emergency
  { id: 'glucose.extreme_altered', family: 'glycaemic_emergency', urgency: 'emergency', any: [['v.glucose_low', 'v.glucose_high'], [...ALTERED]] },
  { id: 'glucose.low_neuro', family: 'glycaemic_emergency', urgency: 'emergency', all: ['v.glucose_low'], any: [['blurred_vision', 'gait', 'presyncope']] },
  { id: 'glucose.diabetic_altered', family: 'glycaemic_emergency', urgency: 'emergency', all: ['diabetes_context'], any: [['altered_state', 'unresponsive', 'syncope', 'seizure']] },
  { id: 'glucose.hypo_altered', family: 'glycaemic_emergency', urgency: 'emergency', all: ['hypo_word'], any: [[...ALTERED]] },
  { id: 'glucose.crisis_signs', family: 'glycaemic_emergency', urgency: 'emergency', any: [['v.glucose_high', 'ketones', 'hyper_crisis_word'], ['dka_breathing', 'vomiting_repeated', 'tachypnea']] },

  // major_bleeding
  { id: 'bleeding.hematemesis', family: 'major_bleeding', urgency: 'emergency', all: ['hematemesis'] },
  { id: 'bleeding.uncontrolled', family: 'major_bleeding', urgency: 'emergency', all: ['bleeding_uncontrolled'] },
  { id: 'bleeding.heavy', family: 'major_bleeding', urgency: 'emergency', all: ['heavy_bleeding'] },
  { id: 'bleeding.deep_wound', family: 'major_bleeding', urgency: 'urgent', all: ['deep_wound'], any: [['bleeding_generic', 'heavy_bleeding', 'bleeding_uncontrolled']] },
  { id: 'bleeding.with_instability', family: 'major_bleeding', urgency: 'emergency', all: ['bleeding_generic'], atLeast: { n: 2, of: ['dizziness', 'palpitations', 'presyncope', 'shock_signs', 'cold_sweat', 'v.hr_high'] } },
  { id: 'bleeding.heavy_amount_symptomatic', family: 'major_bleeding', urgency: 'emergency', all: ['bleeding_heavy_amount'], any: [['dizziness', 'palpitations', 'presyncope', 'shock_signs', 'syncope', 'cold_sweat']] },
  { id: 'bleeding.melena_tarry', family: 'major_bleeding', urgency: 'urgent', all: ['melena_tarry'] },
  { id: 'bleeding.melena_plus', family: 'major_bleeding', urgency: 'emergency', all: ['melena'], any: [['syncope', 'presyncope', 'dizziness', 'shock_signs', 'anticoagulant', 'cold_sweat']] },
  { id: 'bleeding.hemoptysis', family: 'major_bleeding', urgency: 'emergency', all: ['hemoptysis_heavy'] },
  { id: 'bleeding.with_shock', family: 'major_bleeding', urgency: 'emergency', all: ['bleeding_generic'], any: [['shock_signs', 'syncope', 'presyncope']] },

  // consciousness_seizure
  { id: 'consciousness.seizure', family: 'consciousness_seizure', urgency: 'emergency', all: ['seizure'] },
  { id: 'consciousness.unresponsive', family: 'consciousness_seizure', urgency: 'emergency', all: ['unresponsive'] },
  { id: 'consciousness.syncope', family: 'consciousness_seizure', urgency: 'emergency', all: ['syncope'] },

  // thunderclap_headache
  { id: 'headache.thunderclap_quality', family: 'thunderclap_headache', urgency: 'emergency', all: ['headache', 'thunder_quality'] },
  { id: 'headache.sudden_severe', family: 'thunderclap_headache', urgency: 'emergency', all: ['headache', 'sudden'], any: [['severe', 'worst_headache', 'vomit', 'neck_stiff', 'syncope', 'altered_state']] },
  { id: 'headache.worst_ever', family: 'thunderclap_headache', urgency: 'emergency', all: ['headache', 'worst_headache'] },

  // pregnancy_emergency
  { id: 'pregnancy.bleeding', family: 'pregnancy_emergency', urgency: 'emergency', all: ['pregnant', 'vaginal_bleeding'] },
  { id: 'pregnancy.abdominal_pain', family: 'pregnancy_emergency', urgency: 'emergency', all: ['pregnant', 'abd_pain'], any: [['severe', 'sudden']] },
  { id: 'pregnancy.collapse', family: 'pregnancy_emergency', urgency: 'emergency', all: ['pregnant'], any: [['syncope', 'presyncope', 'seizure', 'unresponsive']] },
  { id: 'pregnancy.visual', family: 'pregnancy_emergency', urgency: 'emergency', all: ['pregnant', 'blurred_vision'] },
  { id: 'pregnancy.severe_headache', family: 'pregnancy_emergency', urgency: 'emergency', all: ['pregnant', 'headache'], any: [['severe', 'v.bp_high_preg', 'edema_face_hands']] },
  { id: 'pregnancy.high_bp_symptoms', family: 'pregnancy_emergency', urgency: 'emergency', all: ['pregnant', 'v.bp_high_preg'], any: [['headache', 'blurred_vision', 'edema_face_hands', 'abd_pain', 'nausea', 'vomit']] },
  { id: 'pregnancy.preterm_labour', family: 'pregnancy_emergency', urgency: 'urgent', all: ['contractions', 'v.preterm'] },
  { id: 'pregnancy.fetal_movement', family: 'pregnancy_emergency', urgency: 'urgent', all: ['fetal_movement_low'] },
  { id: 'pregnancy.waters_broke', family: 'pregnancy_emergency', urgency: 'urgent', all: ['waters_broke'] },
  { id: 'pregnancy.postpartum_bleeding', family: 'pregnancy_emergency', urgency: 'emergency', all: ['postpartum'], any: [['heavy_bleeding', 'bleeding_uncontrolled']] },

  // infant_red_flag
  { id: 'infant.strong_sign', family: 'infant_red_flag', urgency: 'emergency', all: ['v.infant'], any: [['grunting', 'retractions', 'cyanosis', 'bilious_vomit', 'fontanelle', 'floppy', 'apnea', 'non_blanching', 'unresponsive']] },
  { id: 'infant.two_amber_signs', family: 'infant_red_flag', urgency: 'urgent', all: ['v.infant'], atLeast: { n: 2, of: ['poor_feeding', 'lethargic', 'tachypnea', 'vomiting_repeated', 'inconsolable', 'distension', 'oliguria'] } },
  { id: 'infant.fever_under_3_months', family: 'infant_red_flag', urgency: 'urgent', all: ['v.infant_fever'] },
  { id: 'infant.bilious_vomit_child', family: 'infant_red_flag', urgency: 'urgent', all: ['v.young_child', 'bilious_vomit'] },

  // sepsis_meningitis
  { id: 'sepsis.fever_neck_stiffness', family: 'sepsis_meningitis', urgency: 'emergency', all: ['fever', 'neck_stiff'] },
  { id: 'sepsis.fever_purpura', family: 'sepsis_meningitis', urgency: 'emergency', all: ['fever', 'purpura'] },
  { id: 'sepsis.non_blanching_rash', family: 'sepsis_meningitis', urgency: 'emergency', all: ['non_blanching'] },
  { id: 'sepsis.fever_organ_dysfunction', family: 'sepsis_meningitis', urgency: 'emergency', all: ['fever'], any: [['altered_state', 'mottled', 'v.sbp_low', 'oliguria', 'unresponsive']] },
  { id: 'sepsis.fever_photophobia', family: 'sepsis_meningitis', urgency: 'emergency', all: ['fever', 'photophobia', 'headache'] },
  { id: 'sepsis.fever_immunosuppressed', family: 'sepsis_meningitis', urgency: 'urgent', all: ['immunosuppressed'], any: [['fever', 'v.fever38']] },
  { id: 'sepsis.infection_shock', family: 'sepsis_meningitis', urgency: 'emergency', all: ['infection_context'], any: [['altered_state', 'v.sbp_low', 'mottled']] },

  // hypertensive_crisis
  { id: 'bp.crisis_with_symptoms', family: 'hypertensive_crisis', urgency: 'emergency', all: ['v.bp_crisis'], any: [['headache', 'blurred_vision', 'vision_loss', 'chest_pain', 'dyspnea', 'altered_state', 'nausea', 'vomit', 'unilateral_weak', 'unilateral_numb', 'speech', 'face_droop', 'syncope', 'presyncope', 'seizure', 'severe']] },

  // head_injury
  { id: 'head.trauma_red_flag', family: 'head_injury', urgency: 'emergency', all: ['head_trauma'], any: [['syncope', 'unresponsive', 'vomit', 'worsening', 'altered_state', 'amnesia', 'csf_leak', 'seizure', 'anticoagulant', 'unilateral_weak', 'speech', 'vision_loss']] },

  // acute_abdomen
  { id: 'abdomen.severe_plus', family: 'acute_abdomen', urgency: 'urgent', all: ['abd_pain', 'severe'], any: [['sudden', 'rigid_abdomen', 'syncope', 'presyncope', 'fever', 'hematemesis', 'shock_signs', 'vomiting_repeated']] },
  { id: 'abdomen.rigid', family: 'acute_abdomen', urgency: 'urgent', all: ['abd_pain', 'rigid_abdomen'] },
  { id: 'abdomen.testicular', family: 'acute_abdomen', urgency: 'urgent', all: ['testicular'], any: [['sudden', 'severe', 'vomit', 'nausea']] },
];

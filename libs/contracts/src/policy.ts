import type { WorkerRole } from './roles';

export const SKILL_NAMES = [
  'search_knowledge',
  'assess_risk',
  'analyze_symptoms',
  'recommend_lifestyle',
  'disease_code',
  'clinical_guideline',
  'deep_research',
  'search_history',
  'search_similar_cases',
  'check_medication_safety',
] as const;
export type SkillName = (typeof SKILL_NAMES)[number];

/**
 * The capability matrix as data. A skill absent from a role's list is invisible to that
 * role's model, not executable by its loop and not loaded by its deployment. A new skill
 * is exposed to nobody until it is named here.
 */
export const CAPABILITY_POLICY: Readonly<Record<WorkerRole, readonly SkillName[]>> = {
  consultation: [
    'search_knowledge',
    'assess_risk',
    'recommend_lifestyle',
    'search_history',
    'search_similar_cases',
    'check_medication_safety',
  ],
  triage: [
    'search_knowledge',
    'assess_risk',
    'analyze_symptoms',
    'disease_code',
    'search_history',
    'search_similar_cases',
    'check_medication_safety',
  ],
  research: [
    'search_knowledge',
    'disease_code',
    'clinical_guideline',
    'deep_research',
    'search_history',
    'search_similar_cases',
    'check_medication_safety',
  ],
};

export const POLICY_VERSION = 'capability-2026.11.1';

export function skillsFor(role: WorkerRole, policy = CAPABILITY_POLICY): readonly string[] {
  return policy[role];
}

export function isAllowed(role: WorkerRole, skill: string, policy = CAPABILITY_POLICY): boolean {
  return (policy[role] as readonly string[]).includes(skill);
}

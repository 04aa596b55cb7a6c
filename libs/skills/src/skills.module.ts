import { Global, Module, type DynamicModule, type Provider, type Type } from '@nestjs/common';
import { CAPABILITY_POLICY, type Skill, type SkillName, type WorkerRole } from '@medagent/contracts';
import { MEMORY, type MemoryStore } from '@medagent/memory';
import { KnowledgeService, type KnowledgeServiceOptions } from './knowledge.service';

export const SKILLS = 'medagent:skills';

interface SkillModuleDef {
  module: Type<unknown>;
  // Skill<SpecificInput> is not assignable to Skill<Record<…>> (parameter variance); the registry validates input by schema.
  skill: Type<unknown>;
}

/**
 * Loaders, not imports: a skill's code is required only when a role's policy names it, so
 * a worker process never loads (let alone exposes) a skill outside its column.
 */
export const SKILL_LOADERS: Readonly<Record<SkillName, () => SkillModuleDef>> = {
  search_knowledge: () => {
    const m = require('./skills/search-knowledge.skill') as typeof import('./skills/search-knowledge.skill.js');
    return { module: m.SearchKnowledgeSkillModule, skill: m.SearchKnowledgeSkill };
  },
  assess_risk: () => {
    const m = require('./skills/assess-risk.skill') as typeof import('./skills/assess-risk.skill.js');
    return { module: m.AssessRiskSkillModule, skill: m.AssessRiskSkill };
  },
  analyze_symptoms: () => {
    const m = require('./skills/analyze-symptoms.skill') as typeof import('./skills/analyze-symptoms.skill.js');
    return { module: m.AnalyzeSymptomsSkillModule, skill: m.AnalyzeSymptomsSkill };
  },
  recommend_lifestyle: () => {
    const m = require('./skills/recommend-lifestyle.skill') as typeof import('./skills/recommend-lifestyle.skill.js');
    return { module: m.RecommendLifestyleSkillModule, skill: m.RecommendLifestyleSkill };
  },
  disease_code: () => {
    const m = require('./skills/disease-code.skill') as typeof import('./skills/disease-code.skill.js');
    return { module: m.DiseaseCodeSkillModule, skill: m.DiseaseCodeSkill };
  },
  clinical_guideline: () => {
    const m = require('./skills/clinical-guideline.skill') as typeof import('./skills/clinical-guideline.skill.js');
    return { module: m.ClinicalGuidelineSkillModule, skill: m.ClinicalGuidelineSkill };
  },
  deep_research: () => {
    const m = require('./skills/deep-research.skill') as typeof import('./skills/deep-research.skill.js');
    return { module: m.DeepResearchSkillModule, skill: m.DeepResearchSkill };
  },
  search_history: () => {
    const m = require('./skills/history.skills') as typeof import('./skills/history.skills.js');
    return { module: m.SearchHistorySkillModule, skill: m.SearchHistorySkill };
  },
  search_similar_cases: () => {
    const m = require('./skills/history.skills') as typeof import('./skills/history.skills.js');
    return { module: m.SearchSimilarCasesSkillModule, skill: m.SearchSimilarCasesSkill };
  },
  check_medication_safety: () => {
    const m = require('./skills/check-medication-safety.skill') as typeof import('./skills/check-medication-safety.skill.js');
    return { module: m.CheckMedicationSafetySkillModule, skill: m.CheckMedicationSafetySkill };
  },
};

@Global()
@Module({})
class SkillInfraModule {
  static register(knowledge: KnowledgeService, memory: MemoryStore): DynamicModule {
    const providers: Provider[] = [
      { provide: KnowledgeService, useValue: knowledge },
      { provide: MEMORY, useValue: memory },
    ];
    return { module: SkillInfraModule, providers, exports: providers.map((p) => (p as { provide: unknown }).provide as string) };
  }
}

export interface SkillsForRoleOptions {
  memory: MemoryStore;
  knowledge?: KnowledgeService;
  knowledgeOptions?: KnowledgeServiceOptions;
  policy?: Readonly<Record<WorkerRole, readonly SkillName[]>>;
}

let sharedKnowledge: KnowledgeService | undefined;

/** One KnowledgeService per process (embedded mode runs three workers over one index). */
export function defaultKnowledgeService(opts?: KnowledgeServiceOptions): KnowledgeService {
  sharedKnowledge ??= new KnowledgeService(opts);
  return sharedKnowledge;
}

@Module({})
export class SkillsModule {
  /** Loads exactly the skill modules `policy[role]` names and provides them as SKILLS. */
  static forRole(role: WorkerRole, opts: SkillsForRoleOptions): DynamicModule {
    const policy = opts.policy ?? CAPABILITY_POLICY;
    const names = [...policy[role]];
    const defs = names.map((n) => SKILL_LOADERS[n]());
    const knowledge = opts.knowledge ?? defaultKnowledgeService(opts.knowledgeOptions);
    return {
      module: SkillsModule,
      imports: [SkillInfraModule.register(knowledge, opts.memory), ...defs.map((d) => d.module)],
      providers: [{ provide: SKILLS, useFactory: (...skills: Skill[]) => skills, inject: defs.map((d) => d.skill) }],
      exports: [SKILLS],
    };
  }
}

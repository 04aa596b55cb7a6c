export { SkillsModule, SKILLS, SKILL_LOADERS, defaultKnowledgeService, type SkillsForRoleOptions } from './skills.module';
export { KnowledgeService, type KnowledgeServiceOptions } from './knowledge.service';

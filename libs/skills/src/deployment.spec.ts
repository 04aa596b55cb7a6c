import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { CAPABILITY_POLICY, SKILL_NAMES, WORKER_ROLES, type WorkerRole } from '@medagent/contracts';

const root = join(__dirname, '..', '..', '..');
// File each skill's code lives in (two history skills share one file, both allowed everywhere).
const FILE: Record<string, string> = {
  search_knowledge: 'search-knowledge.skill',
  assess_risk: 'assess-risk.skill',
  analyze_symptoms: 'analyze-symptoms.skill',
  recommend_lifestyle: 'recommend-lifestyle.skill',
  disease_code: 'disease-code.skill',
  clinical_guideline: 'clinical-guideline.skill',
  deep_research: 'deep-research.skill',
  search_history: 'history.skills',
  search_similar_cases: 'history.skills',
  check_medication_safety: 'check-medication-safety.skill',
};

interface Report {
  files: string[];
  modules: string[];
  skills: string[];
}

/** Boots one worker role's skills module in a fresh Node process (the compiled build) and reports what it loaded. */
function deploy(role: WorkerRole): Report {
  const script = `
    require(${JSON.stringify(join(root, 'tools', 'alias.js'))}).register(${JSON.stringify(join(root, 'dist'))});
    require('reflect-metadata');
    const { NestFactory } = require('@nestjs/core');
    const { SkillsModule, SKILLS } = require('@medagent/skills');
    const { InMemoryMemoryStore } = require('@medagent/memory');
    (async () => {
      const ctx = await NestFactory.createApplicationContext(SkillsModule.forRole(${JSON.stringify(role)}, { memory: new InMemoryMemoryStore() }), { logger: false });
      const files = Object.keys(require.cache).filter((f) => f.includes('/skills/src/skills/')).map((f) => f.split('/').pop().replace(/\\.js$/, ''));
      const container = ctx.container ?? ctx['container'];
      const modules = [...container.getModules().values()].map((m) => m.metatype && m.metatype.name);
      const skills = ctx.get(SKILLS).map((s) => s.definition.name);
      process.stdout.write(JSON.stringify({ files, modules, skills }));
      await ctx.close();
    })().catch((e) => { console.error(e); process.exit(1); });`;
  return JSON.parse(execFileSync(process.execPath, ['-e', script], { cwd: root, encoding: 'utf8', timeout: 60_000 })) as Report;
}

describe('deployment: a worker process loads only the skills its policy names', () => {
  beforeAll(() => {
    // The check runs on the compiled build, as a deployment does.
    execFileSync(process.execPath, [join(root, 'tools', 'build.js')], { cwd: root, stdio: 'pipe', timeout: 300_000 });
  });

  it.each(WORKER_ROLES.map((r) => [r]))('%s', (role) => {
    const r = deploy(role);
    const allowed = new Set<string>(CAPABILITY_POLICY[role]);
    expect(new Set(r.skills)).toEqual(allowed);
    for (const skill of SKILL_NAMES) {
      const file = FILE[skill] as string;
      const sharedWithAllowed = Object.entries(FILE).some(([s, f]) => f === file && allowed.has(s));
      if (allowed.has(skill)) {
        expect(r.files).toContain(file);
      } else {
        expect(r.skills).not.toContain(skill);
        if (!sharedWithAllowed) expect(r.files).not.toContain(file);
        const moduleName = `${skill.split('_').map((w) => w[0]?.toUpperCase() + w.slice(1)).join('')}SkillModule`;
        expect(r.modules).not.toContain(moduleName);
      }
    }
  });

  it('the research worker never loaded recommend_lifestyle', () => {
    const r = deploy('research');
    expect(r.files).not.toContain('recommend-lifestyle.skill');
    expect(r.modules).not.toContain('RecommendLifestyleSkillModule');
    expect(r.modules).toContain('ClinicalGuidelineSkillModule');
  });
});

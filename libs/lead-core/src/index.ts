export { LeadModule, type LeadModuleOptions } from './lead.module';
export { makePlan, type LeadPlan } from './planning';
export { synthesise, synthesiseOffline, numberSources, SYNTHESIS_SYSTEM_PROMPT, type SynthesisInput, type SynthesisOutput } from './synthesiser';

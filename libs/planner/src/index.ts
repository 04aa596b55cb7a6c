export { planFromMessage, escalationPlan, PLANNER_VERSION } from './planner';
export type { PlanOptions, PlanPart, PlanResult } from './planner';
export { evaluateRouter, parseRouterCases } from './evaluate';
export type { RouterCase, RouterError, RouterPlanner, RouterReport, TypeFigures } from './evaluate';
export { parseModelPlan, PLANNER_SYSTEM_PROMPT } from './model-plan';
export type { ModelPlanParse } from './model-plan';
export { PLANNER_INSTRUCTION_MAX_CHARS } from './instructions';

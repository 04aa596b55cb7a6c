// @medagent/agent/testing: scripted models, stub skills and task-package fixtures for specs
// (never shipped: the build excludes testing/, and lint forbids importing it from production code).
export { ScriptedChatModel, type ScriptStep, type ScriptedCall } from './scripted-chat-model';
export { ScriptedOpenAIServer, reply, type RecordedRequest, type ScriptedReply } from './scripted-openai-server';
export { StubSkill, STUB_SCHEMAS, allStubSkills, stubEvidence, type StubSkillOptions } from './stub-skills';
export { makeTaskPackage } from './fixtures';
export { fixedTokens, loopWithFixedTokens, registryWith, triagePkg } from './loop-fixtures';

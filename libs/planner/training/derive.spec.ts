import { TASK_OWNER, type TaskType } from '@medagent/contracts';
import { deriveExamples } from './derive';

describe('deriveExamples (distant clause labels from router cases)', () => {
  const cases = [
    {
      id: 'a',
      text: '最近老是口干，这是怎么回事？平时吃东西要注意什么',
      expected_tasks: ['symptom_analysis', 'lifestyle_guidance'] as TaskType[],
    },
    {
      id: 'b',
      text: 'My A1c is 7.9. Is that good control? And is there research on keto for diabetes?',
      expected_tasks: ['risk_triage', 'clinical_research'] as TaskType[],
    },
  ];

  it('emits only labels inside the gold sets, from the message text', () => {
    const examples = deriveExamples(cases, { cued: true, context: true });
    const gold = new Set<string>(cases.flatMap((c) => c.expected_tasks));
    for (const e of examples) {
      expect(e.label === 'context' || gold.has(e.label)).toBe(true);
      expect(cases.some((c) => c.text.includes(e.text))).toBe(true);
    }
    expect(examples.some((e) => e.label === 'context')).toBe(true);
  });

  it('by default labels only the cue-less question a case pins down', () => {
    for (const e of deriveExamples(cases)) {
      expect(e.label).not.toBe('context');
      expect(TASK_OWNER[e.label as TaskType]).toBeDefined();
    }
  });
});

import { TASK_TYPES, WORKER_ROLES } from '@medagent/contracts';
import { cueBits, readCues } from '../lexicon';
import { countToolTokens, encodeCount } from '../model/tokens';
import { allStubSkills } from '../testing/stub-skills';
import { primaryTools } from './task-tools';
import { ToolRegistry } from './tool-registry';

describe('per-task reuse in the registry', () => {
  const registry = ToolRegistry.forRole('consultation', allStubSkills());

  it('reuses the narrower registry for the same allowed list and keeps it equal to a fresh one', () => {
    const allowed = ['search_knowledge', 'assess_risk', 'not_a_tool'];
    const a = registry.restrictTo(allowed);
    const b = registry.restrictTo([...allowed]);
    expect(b).toBe(a);
    expect(a.names()).toEqual(['search_knowledge', 'assess_risk'].filter((n) => registry.has(n)));
    expect(a.withheld).toEqual([...registry.withheld, ...registry.names().filter((n) => !allowed.includes(n))]);
    expect(registry.restrictTo(['search_knowledge']).names()).toEqual(['search_knowledge']);
    expect(registry.restrictTo([])).toBe(registry);
  });

  it('shows the same schemas as before, frozen and shared, in fresh arrays', () => {
    const first = registry.relevantFor('lifestyle_guidance', 'diet advice');
    const second = registry.relevantFor('lifestyle_guidance', 'diet advice');
    expect(second).not.toBe(first);
    expect(second).toEqual(first);
    expect(first.every((t) => Object.isFrozen(t) && Object.isFrozen(t.function))).toBe(true);
    expect(registry.schemas()).toEqual(
      registry.definitions().map((d) => ({
        type: 'function',
        function: { name: d.name, description: d.description, parameters: d.input_schema },
      })),
    );
    expect(registry.restrictTo(['search_knowledge']).schemas()[0]).toBe(
      registry.schemas().find((t) => t.function.name === 'search_knowledge'),
    );
  });

  it('counts a tool list exactly as its JSON text, remembered or not', () => {
    const shown = registry.schemas();
    const expected = encodeCount(JSON.stringify(shown));
    expect(countToolTokens(shown)).toBe(expected);
    expect(countToolTokens([...shown])).toBe(expected);
    // Plain (unfrozen) schemas are counted from their text every time, so an edit shows.
    const copy = shown.map((t) => ({ ...t, function: { ...t.function } }));
    expect(countToolTokens(copy)).toBe(expected);
    const first = copy[0];
    if (!first) throw new Error('no tools');
    first.function.description += ' Extra words that change the count.';
    expect(countToolTokens(copy)).toBe(encodeCount(JSON.stringify(copy)));
    expect(countToolTokens(copy)).toBeGreaterThan(expected);
    expect(countToolTokens([])).toBe(encodeCount('[]'));
  });

  it('hands out instruction cues as copies', () => {
    const text = 'Is it serious? Check my ICD code and aspirin use, as last time.';
    const a = readCues(text);
    a.risk = !a.risk;
    const b = readCues(text);
    expect(b.risk).toBe(!a.risk);
    expect(b).toEqual(readCues(`${text}`));
  });

  it('gives every task the view its own relevantFor and primary tools give, shared per kind', () => {
    const instructions = [
      'Answer the user question "what is a healthy blood pressure?"',
      'Is it serious? Check my ICD code and aspirin use, as last time.',
      '我最近餐后血糖偏高、偶尔头晕，严重吗、应该何时就医？日常饮食和运动如何调整？请同时给出最新糖尿病临床指南依据。',
      '二甲双胍为什么要跟饭一起吃？长期吃会不会伤肾？类似病例怎么处理？',
      'similar case of gout, my history, emergency?',
      '',
    ];
    let checked = 0;
    for (const role of WORKER_ROLES) {
      const full = ToolRegistry.forRole(role, allStubSkills());
      for (const reg of [full, full.restrictTo(full.names().slice(1)), full.restrictTo(['not_a_tool'])]) {
        for (const taskType of TASK_TYPES) {
          for (const instruction of instructions) {
            const view = reg.taskView(taskType, instruction);
            expect(view.tools).toEqual(reg.relevantFor(taskType, instruction));
            expect(view.toolNames).toBe(view.tools.map((t) => t.function.name).join(', ') || '(none)');
            expect(view.expected).toEqual(primaryTools(taskType, instruction).filter((t) => reg.has(t)));
            expect(Object.isFrozen(view) && Object.isFrozen(view.tools) && Object.isFrozen(view.expected)).toBe(true);
            // Same task type and cues: the same view, whatever the wording.
            if (cueBits(`${instruction}.`) === cueBits(instruction)) expect(reg.taskView(taskType, `${instruction}.`)).toBe(view);
            checked++;
          }
        }
      }
    }
    expect(checked).toBe(WORKER_ROLES.length * 3 * TASK_TYPES.length * instructions.length);
  });

  it('reads the cue bits the cues give', () => {
    for (const text of ['aspirin', 'last time', 'similar case', 'ICD code', 'is it serious', 'nothing', '严重吗，上次类似病例']) {
      const c = readCues(text);
      const bits = (c.medication ? 1 : 0) | (c.history ? 2 : 0) | (c.similarCases ? 4 : 0) | (c.coding ? 8 : 0) | (c.risk ? 16 : 0);
      expect(cueBits(text)).toBe(bits);
    }
  });

  it('matches the allowed list element by element when it repeats', () => {
    const a = registry.restrictTo(['search_knowledge', 'assess_risk']);
    const b = registry.restrictTo(['assess_risk', 'search_knowledge']);
    expect(b).not.toBe(a);
    expect(b.names()).toEqual(a.names());
    expect(registry.restrictTo(['search_knowledge', 'assess_risk'])).toBe(a);
    expect(registry.restrictTo(['search_knowledge'])).not.toBe(a);
    expect(registry.restrictTo(['search_knowledge', 'assess_risk', 'x'])).not.toBe(a);
  });
});

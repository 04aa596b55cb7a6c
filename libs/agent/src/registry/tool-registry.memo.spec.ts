import { readCues } from '../lexicon';
import { countToolTokens, encodeCount } from '../model/tokens';
import { allStubSkills } from '../testing/stub-skills';
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
});

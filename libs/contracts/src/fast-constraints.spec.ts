import { Length, IsIn, IsInt, IsString, Min, ValidateBy, getMetadataStorage } from 'class-validator';
import { compiledCheck } from './compiled';
import { decode } from './decode';
import { fastConstraint } from './fast-constraints';

class Sample {
  @IsString() @Length(1, 5) name!: string;
  @IsInt() @Min(1) n!: number;
  @IsIn(['a', 'b']) kind!: string;
}

/** Same registered name as a built-in, different rule: must not get the built-in's fast check. */
class Impostor {
  @ValidateBy({ name: 'isString', validator: { validate: (v: unknown) => v === 'only-this' } }) s!: string;
}

const accepts = (cls: new () => object, v: unknown): boolean => {
  try {
    decode(cls, v);
    return true;
  } catch {
    return false;
  }
};

describe('fast constraints', () => {
  it('builds a fast check for each built-in our DTOs use', () => {
    const metas = getMetadataStorage().getTargetValidationMetadatas(Sample, '', false, false, undefined);
    const names = metas.map((m) => m.name).filter((n): n is string => !!n);
    expect(names.sort()).toEqual(['isIn', 'isInt', 'isLength', 'isString', 'min']);
    const never = () => false;
    for (const m of metas) {
      // Each decorator's own rule, with the constraints it was declared with.
      const [constraint] = getMetadataStorage().getTargetValidatorConstraints(m.constraintCls as never);
      const validator = (constraint as unknown as { instance: { validate(v: unknown, a: object): boolean } }).instance;
      const slow = (v: unknown) => !!validator.validate(v, { targetName: 'Sample', property: m.propertyName, object: {}, value: v, constraints: m.constraints });
      // Agreeing with the decorator on the probes, its fast check is trusted…
      expect([m.name, fastConstraint(m.name, m.constraints, slow)]).toEqual([m.name, expect.any(Function)]);
      // …and with a slow check that disagrees on the probes, it is not.
      expect([m.name, fastConstraint(m.name, m.constraints, never)]).toEqual([m.name, undefined]);
    }
  });

  it('a same-named custom decorator keeps its own rule', () => {
    const check = compiledCheck(Impostor);
    expect(check?.({ s: 'only-this' })).toBe(true);
    expect(check?.({ s: 'anything else' })).toBe(false);
  });

  it.each([
    ['', false],
    ['abcde', true],
    ['abcdef', false],
    // validator.js counts a surrogate pair and a presentation sequence as one character each
    ['😀😀😀😀😀', true],
    ['😀😀😀😀😀😀', false],
    ['a\uFE0Fb\uFE0Fc\uFE0Fd\uFE0Fe\uFE0F', true],
    ['\uFE0F', true],
  ])('Length(1, 5) on %j is %s, as class-validator says', (name, ok) => {
    const v = { name, n: 1, kind: 'a' };
    expect(accepts(Sample, v)).toBe(ok);
    expect(compiledCheck(Sample)?.(v)).toBe(ok);
  });
});

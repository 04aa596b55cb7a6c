import { normalizeText } from './normalize';
import { parseClinical } from './clinical';

const parse = (t: string) => parseClinical(t, normalizeText(t));
const values = (list: readonly { value: number }[]) => list.map((r) => r.value);

describe('parseClinical: haemoglobin and platelets', () => {
  test('haemoglobin in g/L, in g/dL and as a bare g/dL value, always reported in g/L', () => {
    expect(values(parse('Hb 64 g/L on the ward').haemoglobin)).toEqual([64]);
    expect(values(parse('hemoglobin 5.9 g/dL').haemoglobin)).toEqual([59]);
    expect(values(parse('血红蛋白 72g/L').haemoglobin)).toEqual([72]);
    expect(values(parse('血色素只有6.5').haemoglobin)).toEqual([65]);
  });

  test('glycated haemoglobin is not haemoglobin', () => {
    expect(parse('糖化血红蛋白7.1%').haemoglobin).toEqual([]);
    expect(parse('HbA1c 8.2%').haemoglobin).toEqual([]);
    expect(parse('glycated haemoglobin 6.4').haemoglobin).toEqual([]);
  });

  test('platelets per 10^9/L and per microlitre', () => {
    expect(values(parse('PLT 14×10^9/L').platelets)).toEqual([14]);
    expect(values(parse('platelet count 8,000/uL').platelets)).toEqual([8]);
    expect(values(parse('血小板计数 230').platelets)).toEqual([230]);
    expect(parse('takes an antiplatelet 75 mg').platelets).toEqual([]);
  });
});

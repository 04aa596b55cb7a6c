import { porterStem } from './porter';

// Pairs from Porter's paper and the reference vocabulary/output files (tartarus.org/martin/PorterStemmer).
const CASES: Array<[string, string]> = [
  ['caresses', 'caress'], ['ponies', 'poni'], ['ties', 'ti'], ['caress', 'caress'], ['cats', 'cat'],
  ['feed', 'feed'], ['agreed', 'agre'], ['plastered', 'plaster'], ['bled', 'bled'], ['motoring', 'motor'],
  ['sing', 'sing'], ['conflated', 'conflat'], ['troubled', 'troubl'], ['sized', 'size'], ['hopping', 'hop'],
  ['tanned', 'tan'], ['falling', 'fall'], ['hissing', 'hiss'], ['fizzed', 'fizz'], ['failing', 'fail'],
  ['filing', 'file'], ['happy', 'happi'], ['sky', 'sky'], ['relational', 'relat'], ['conditional', 'condit'],
  ['rational', 'ration'], ['valenci', 'valenc'], ['digitizer', 'digit'], ['conformabli', 'conform'],
  ['radicalli', 'radic'], ['differentli', 'differ'], ['vileli', 'vile'], ['analogousli', 'analog'],
  ['vietnamization', 'vietnam'], ['predication', 'predic'], ['operator', 'oper'], ['feudalism', 'feudal'],
  ['decisiveness', 'decis'], ['hopefulness', 'hope'], ['callousness', 'callous'], ['formaliti', 'formal'],
  ['sensitiviti', 'sensit'], ['sensibiliti', 'sensibl'], ['triplicate', 'triplic'], ['formative', 'form'],
  ['formalize', 'formal'], ['electriciti', 'electr'], ['electrical', 'electr'], ['hopeful', 'hope'],
  ['goodness', 'good'], ['revival', 'reviv'], ['allowance', 'allow'], ['inference', 'infer'],
  ['airliner', 'airlin'], ['gyroscopic', 'gyroscop'], ['adjustable', 'adjust'], ['defensible', 'defens'],
  ['irritant', 'irrit'], ['replacement', 'replac'], ['adjustment', 'adjust'], ['dependent', 'depend'],
  ['adoption', 'adopt'], ['homologou', 'homolog'], ['communism', 'commun'], ['activate', 'activ'],
  ['angulariti', 'angular'], ['homologous', 'homolog'], ['effective', 'effect'], ['bowdlerize', 'bowdler'],
  ['probate', 'probat'], ['rate', 'rate'], ['cease', 'ceas'], ['controll', 'control'], ['roll', 'roll'],
  ['generalizations', 'gener'], ['oscillators', 'oscil'], ['archaeology', 'archaeolog'],
  // medical vocabulary: related forms meet on one stem
  ['diabetes', 'diabet'], ['diabetic', 'diabet'], ['hypertension', 'hypertens'], ['hypertensive', 'hypertens'],
  ['inherited', 'inherit'], ['inheritance', 'inherit'], ['treatments', 'treatment'], ['symptoms', 'symptom'],
];

describe('porterStem', () => {
  it.each(CASES)('%s → %s', (word, stem) => {
    expect(porterStem(word)).toBe(stem);
  });

  it('leaves short words, digits and non-ASCII untouched', () => {
    expect(porterStem('is')).toBe('is');
    expect(porterStem('hba1c')).toBe('hba1c');
    expect(porterStem('café')).toBe('café');
  });
});

/**
 * The Porter (1980) stemmer, ported from Martin Porter's reference C implementation
 * (including its two published departures: `bli→ble` and `logi→log` in step 2), so it
 * produces the same stems as Lucene's PorterStemFilter used by the Elasticsearch
 * `english` analyzer. Input must be lowercase ASCII letters; anything else is returned
 * unchanged by the caller's guard.
 */
class PorterState {
  b: string[];
  k: number;
  j = 0;

  constructor(word: string) {
    this.b = word.split('');
    this.k = word.length - 1;
  }

  private ch(i: number): string {
    return this.b[i] ?? '';
  }

  /** Whether b[i] is a consonant: y counts as a vowel after a consonant. */
  cons(i: number): boolean {
    switch (this.ch(i)) {
      case 'a':
      case 'e':
      case 'i':
      case 'o':
      case 'u':
        return false;
      case 'y':
        return i === 0 ? true : !this.cons(i - 1);
      default:
        return true;
    }
  }

  /** The measure m of b[0..j]: the number of VC sequences in [C](VC)^m[V]. */
  m(): number {
    let n = 0;
    let i = 0;
    for (;;) {
      if (i > this.j) return n;
      if (!this.cons(i)) break;
      i++;
    }
    i++;
    for (;;) {
      for (;;) {
        if (i > this.j) return n;
        if (this.cons(i)) break;
        i++;
      }
      i++;
      n++;
      for (;;) {
        if (i > this.j) return n;
        if (!this.cons(i)) break;
        i++;
      }
      i++;
    }
  }

  vowelInStem(): boolean {
    for (let i = 0; i <= this.j; i++) if (!this.cons(i)) return true;
    return false;
  }

  doubleC(j: number): boolean {
    return j >= 1 && this.ch(j) === this.ch(j - 1) && this.cons(j);
  }

  /** consonant-vowel-consonant ending, the last not w, x or y (e.g. -hop, not -how). */
  cvc(i: number): boolean {
    if (i < 2 || !this.cons(i) || this.cons(i - 1) || !this.cons(i - 2)) return false;
    const c = this.ch(i);
    return c !== 'w' && c !== 'x' && c !== 'y';
  }

  ends(s: string): boolean {
    const len = s.length;
    if (len > this.k + 1) return false;
    for (let i = 0; i < len; i++) if (this.b[this.k - len + 1 + i] !== s[i]) return false;
    this.j = this.k - len;
    return true;
  }

  setTo(s: string): void {
    const len = s.length;
    for (let i = 0; i < len; i++) this.b[this.j + 1 + i] = s[i] as string;
    this.k = this.j + len;
  }

  r(s: string): void {
    if (this.m() > 0) this.setTo(s);
  }

  step1ab(): void {
    if (this.ch(this.k) === 's') {
      if (this.ends('sses')) this.k -= 2;
      else if (this.ends('ies')) this.setTo('i');
      else if (this.ch(this.k - 1) !== 's') this.k--;
    }
    if (this.ends('eed')) {
      if (this.m() > 0) this.k--;
    } else if ((this.ends('ed') || this.ends('ing')) && this.vowelInStem()) {
      this.k = this.j;
      if (this.ends('at')) this.setTo('ate');
      else if (this.ends('bl')) this.setTo('ble');
      else if (this.ends('iz')) this.setTo('ize');
      else if (this.doubleC(this.k)) {
        this.k--;
        const c = this.ch(this.k);
        if (c === 'l' || c === 's' || c === 'z') this.k++;
      } else if (this.m() === 1 && this.cvc(this.k)) this.setTo('e');
    }
  }

  step1c(): void {
    if (this.ends('y') && this.vowelInStem()) this.b[this.k] = 'i';
  }

  private replaceFirst(pairs: ReadonlyArray<readonly [string, string]>): void {
    for (const [from, to] of pairs) {
      if (this.ends(from)) {
        this.r(to);
        return;
      }
    }
  }

  step2(): void {
    const table = STEP2[this.ch(this.k - 1)];
    if (table) this.replaceFirst(table);
  }

  step3(): void {
    const table = STEP3[this.ch(this.k)];
    if (table) this.replaceFirst(table);
  }

  step4(): void {
    const list = STEP4[this.ch(this.k - 1)];
    if (!list) return;
    let found = false;
    for (const suffix of list) {
      if (this.ends(suffix)) {
        // As in the reference, only the longest matching suffix is tried; 'ion' also needs s/t.
        found = suffix !== 'ion' || (this.j >= 0 && (this.ch(this.j) === 's' || this.ch(this.j) === 't'));
        break;
      }
    }
    if (found && this.m() > 1) this.k = this.j;
  }

  step5(): void {
    this.j = this.k;
    if (this.ch(this.k) === 'e') {
      const a = this.m();
      if (a > 1 || (a === 1 && !this.cvc(this.k - 1))) this.k--;
    }
    if (this.ch(this.k) === 'l' && this.doubleC(this.k) && this.m() > 1) this.k--;
  }

  result(): string {
    return this.b.slice(0, this.k + 1).join('');
  }
}

const STEP2: Record<string, ReadonlyArray<readonly [string, string]>> = {
  a: [
    ['ational', 'ate'],
    ['tional', 'tion'],
  ],
  c: [
    ['enci', 'ence'],
    ['anci', 'ance'],
  ],
  e: [['izer', 'ize']],
  l: [
    ['bli', 'ble'],
    ['alli', 'al'],
    ['entli', 'ent'],
    ['eli', 'e'],
    ['ousli', 'ous'],
  ],
  o: [
    ['ization', 'ize'],
    ['ation', 'ate'],
    ['ator', 'ate'],
  ],
  s: [
    ['alism', 'al'],
    ['iveness', 'ive'],
    ['fulness', 'ful'],
    ['ousness', 'ous'],
  ],
  t: [
    ['aliti', 'al'],
    ['iviti', 'ive'],
    ['biliti', 'ble'],
  ],
  g: [['logi', 'log']],
};

const STEP3: Record<string, ReadonlyArray<readonly [string, string]>> = {
  e: [
    ['icate', 'ic'],
    ['ative', ''],
    ['alize', 'al'],
  ],
  i: [['iciti', 'ic']],
  l: [
    ['ical', 'ic'],
    ['ful', ''],
  ],
  s: [['ness', '']],
};

const STEP4: Record<string, readonly string[]> = {
  a: ['al'],
  c: ['ance', 'ence'],
  e: ['er'],
  i: ['ic'],
  l: ['able', 'ible'],
  n: ['ant', 'ement', 'ment', 'ent'],
  o: ['ion', 'ou'],
  s: ['ism'],
  t: ['ate', 'iti'],
  u: ['ous'],
  v: ['ive'],
  z: ['ize'],
};

/** Stems one lowercase ASCII word; words of one or two letters are returned as they are. */
export function porterStem(word: string): string {
  if (word.length <= 2 || !/^[a-z]+$/.test(word)) return word;
  const s = new PorterState(word);
  s.step1ab();
  if (s.k > 0) {
    s.step1c();
    s.step2();
    s.step3();
    s.step4();
    s.step5();
  }
  return s.result();
}

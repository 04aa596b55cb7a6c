// Which characters a regex match must contain, read from the pattern's source, and an index
// that turns that into "which of these patterns can match this text at all". A pattern none of
// whose required characters occur in a text cannot match it, so its scan is skipped. The reader
// is conservative: anything it does not fully understand (negated or wide classes, \s, \p{…},
// back-references, a pattern that can match the empty string) leaves the pattern without a set,
// and it is always run. Candidates are therefore a superset of the patterns that match. Shared by
// the planner's cue rules and the pre-risk gate's concepts (each pins it on its own corpora).
import { DomainError } from '@medagent/contracts';

/** Code units one of which occurs in every match of a (sub)pattern, or null when none is known. */
type UnitSet = Set<number> | null;

interface Reading {
  /** The (sub)pattern can match the empty string (zero-width assertions only, or optional). */
  nullable: boolean;
  /** Null whenever nullable: an empty match contains nothing. */
  units: UnitSet;
}

// A class wider than this is treated as "any character": it would fill the index for nothing.
const MAX_CLASS_SPAN = 64;

/** A pattern construct the reader does not model (internal: the pattern is then ungated). */
class UnknownPattern extends DomainError<'PATTERN_UNMODELLED'> {
  constructor(what: string) {
    super('PATTERN_UNMODELLED', what);
  }
}

function union(a: UnitSet, b: UnitSet): UnitSet {
  if (a === null || b === null) return null;
  const out = new Set(a);
  for (const c of b) out.add(c);
  return out;
}

const ZERO_WIDTH: Reading = { nullable: true, units: null };
/** One character, any (or too many to list). */
const ANY: Reading = { nullable: false, units: null };

// Which of a sequence's sets to keep: the one least likely to be in a clause. Spaces and latin
// letters are in every English clause, and a few Chinese characters in most questions.
const COMMON_CJK = new Set(Array.from('的是了不吗么我有要什这会吃能', (c) => c.charCodeAt(0)));

function cost(units: Set<number>): number {
  let c = 0;
  for (const u of units) c += u === 0x20 ? 1000 : u < 0x80 || COMMON_CJK.has(u) ? 8 : 1;
  return c;
}

/**
 * Reads a RegExp source (the subset our rule files use) into its nullability and a set of code
 * units one of which every match contains. Throws UnknownPattern on anything it does not model,
 * which the caller reads as "no set".
 */
class PatternReader {
  private i = 0;
  constructor(
    private readonly src: string,
    private readonly ignoreCase: boolean,
  ) {}

  read(): Reading {
    const r = this.alternation();
    if (this.i !== this.src.length) throw new UnknownPattern('trailing input');
    return r;
  }

  private alternation(): Reading {
    let r = this.sequence();
    while (this.src[this.i] === '|') {
      this.i += 1;
      const next = this.sequence();
      // A match is a match of one branch: it contains a unit of that branch's set.
      const nullable = r.nullable || next.nullable;
      r = { nullable, units: nullable ? null : union(r.units, next.units) };
    }
    return r;
  }

  private sequence(): Reading {
    let nullable = true;
    let units: UnitSet = null;
    while (this.i < this.src.length && this.src[this.i] !== '|' && this.src[this.i] !== ')') {
      const item = this.quantified();
      nullable = nullable && item.nullable;
      // A match contains a (non-empty) match of every item that cannot be empty, so any of
      // their sets will do: keep the cheapest.
      if (!item.nullable && item.units !== null && (units === null || cost(item.units) < cost(units))) {
        units = item.units;
      }
    }
    return { nullable, units: nullable ? null : units };
  }

  private quantified(): Reading {
    const atom = this.atom();
    const q = this.src[this.i];
    let min: number | undefined;
    if (q === '?' || q === '*') {
      min = 0;
      this.i += 1;
    } else if (q === '+') {
      min = 1;
      this.i += 1;
    } else if (q === '{') {
      const m = /^\{(\d+)(,\d*)?\}/.exec(this.src.slice(this.i));
      if (m) {
        min = Number(m[1]);
        this.i += m[0].length;
      }
    }
    if (min === undefined) return atom;
    if (this.src[this.i] === '?') this.i += 1; // lazy: same language
    return min === 0 ? { nullable: true, units: null } : atom;
  }

  private atom(): Reading {
    const c = this.src[this.i] ?? '';
    this.i += 1;
    switch (c) {
      case '^':
      case '$':
        return ZERO_WIDTH;
      case '.':
        return ANY;
      case '(':
        return this.group();
      case '[':
        return this.charClass();
      case '\\':
        return this.escape();
      case '*':
      case '+':
      case '?':
      case ')':
      case '|':
        throw new UnknownPattern(`unexpected ${c}`);
      default:
        return this.literal(c.charCodeAt(0));
    }
  }

  private group(): Reading {
    let lookaround = false;
    if (this.src.startsWith('?:', this.i)) this.i += 2;
    else if (this.src.startsWith('?=', this.i) || this.src.startsWith('?!', this.i)) {
      this.i += 2;
      lookaround = true;
    } else if (this.src.startsWith('?<=', this.i) || this.src.startsWith('?<!', this.i)) {
      this.i += 3;
      lookaround = true;
    } else if (this.src.startsWith('?<', this.i)) {
      const close = this.src.indexOf('>', this.i);
      if (close < 0) throw new UnknownPattern('group name');
      this.i = close + 1;
    } else if (this.src[this.i] === '?') throw new UnknownPattern('group kind');
    const inner = this.alternation();
    if (this.src[this.i] !== ')') throw new UnknownPattern('unclosed group');
    this.i += 1;
    // An assertion consumes nothing: the match starts where the next item starts.
    return lookaround ? ZERO_WIDTH : inner;
  }

  /** An escape outside a class. */
  private escape(): Reading {
    const c = this.src[this.i] ?? '';
    if (c === 'b' || c === 'B') {
      this.i += 1;
      return ZERO_WIDTH;
    }
    // A back-reference can match the empty string (its group did).
    const backReference = /[1-9k]/.test(c);
    const unit = this.escapedUnit();
    if (backReference) return { nullable: true, units: null };
    return unit ?? ANY;
  }

  /**
   * The escape after a backslash as a set of code units, or null for "any": \d and \w are
   * small sets; \s, \D, \W, \S, \p, back-references and named references are "any".
   */
  private escapedUnit(): Reading | null {
    const c = this.src[this.i] ?? '';
    this.i += 1;
    const simple: Record<string, number> = { n: 10, t: 9, r: 13, f: 12, v: 11, '0': 0 };
    if (c in simple && !(c === '0' && /\d/.test(this.src[this.i] ?? ''))) return this.literal(simple[c] ?? 0);
    if (c === 'd') return { nullable: false, units: rangeSet(0x30, 0x39) };
    if (c === 'w') {
      const s = union(union(rangeSet(0x30, 0x39), rangeSet(0x41, 0x5a)), rangeSet(0x61, 0x7a));
      s?.add(0x5f);
      return { nullable: false, units: s };
    }
    if (c === 'u') {
      const m = /^[0-9a-fA-F]{4}/.exec(this.src.slice(this.i));
      if (!m) throw new UnknownPattern('\\u');
      this.i += 4;
      return this.literal(parseInt(m[0], 16));
    }
    if (c === 'x') {
      const m = /^[0-9a-fA-F]{2}/.exec(this.src.slice(this.i));
      if (!m) throw new UnknownPattern('\\x');
      this.i += 2;
      return this.literal(parseInt(m[0], 16));
    }
    if (/[sDWSpPk1-9c]/.test(c)) {
      // Skip what belongs to the escape so reading can go on; the reading itself is "any".
      if ((c === 'p' || c === 'P' || c === 'k') && /[{<]/.test(this.src[this.i] ?? '')) {
        const close = this.src.indexOf(c === 'k' ? '>' : '}', this.i);
        if (close < 0) throw new UnknownPattern('escape');
        this.i = close + 1;
      } else if (c === 'c') this.i += 1;
      else if (/[1-9]/.test(c)) while (/\d/.test(this.src[this.i] ?? '')) this.i += 1;
      return null;
    }
    if (/[a-zA-Z0-9]/.test(c)) throw new UnknownPattern(`escape \\${c}`);
    // An escaped punctuation character stands for itself.
    return this.literal(c.charCodeAt(0));
  }

  private charClass(): Reading {
    // A negated or wide class (or one with \s, \p…) reads as "any", but its members are still
    // read so the rest of the pattern can be.
    let any = false;
    if (this.src[this.i] === '^') {
      this.i += 1;
      any = true;
    }
    let units: Set<number> = new Set();
    // In a JS pattern a "]" always closes the class ("[]" is the empty class).
    while (this.src[this.i] !== ']') {
      if (this.i >= this.src.length) throw new UnknownPattern('unclosed class');
      const from = this.classUnit();
      if (from === null) {
        any = true;
        continue;
      }
      if (typeof from !== 'number') {
        for (const u of from) units.add(u);
        continue;
      }
      if (this.src[this.i] === '-' && this.src[this.i + 1] !== ']' && this.i + 1 < this.src.length) {
        this.i += 1;
        const to = this.classUnit();
        if (typeof to !== 'number' || to < from) throw new UnknownPattern('class range');
        if (to - from > MAX_CLASS_SPAN) any = true;
        else units = union(units, rangeSet(from, to)) ?? units;
      } else units.add(from);
    }
    this.i += 1;
    if (any) return ANY;
    let out: UnitSet = new Set();
    for (const u of units) out = union(out, this.literal(u).units);
    return { nullable: false, units: out };
  }

  /** One class member: a code unit, a small set (\d, \w) or null ("any"). */
  private classUnit(): number | Set<number> | null {
    const c = this.src[this.i] ?? '';
    this.i += 1;
    if (c !== '\\') return c.charCodeAt(0);
    if (this.src[this.i] === 'b') {
      this.i += 1;
      return 8; // \b in a class is a backspace
    }
    if (this.src[this.i] === '-') {
      this.i += 1;
      return 0x2d;
    }
    const r = this.escapedUnit();
    if (r === null || r.units === null) return null;
    if (r.units.size === 1) return r.units.values().next().value ?? null;
    // Case variants of one escaped letter, or \d / \w: a set, never a range end.
    return r.units;
  }

  /** A literal code unit, with its case variants under the i flag. */
  private literal(unit: number): Reading {
    const s = new Set<number>([unit]);
    if (this.ignoreCase) {
      const ch = String.fromCharCode(unit);
      const lower = ch.toLowerCase();
      const upper = ch.toUpperCase();
      if (lower === upper) return { nullable: false, units: s };
      // Case folding outside ASCII has corners (ſ, K, ß); not worth modelling.
      if (unit > 0x7f || lower.length !== 1 || upper.length !== 1) throw new UnknownPattern('non-ASCII case');
      s.add(lower.charCodeAt(0));
      s.add(upper.charCodeAt(0));
    }
    return { nullable: false, units: s };
  }
}

function rangeSet(from: number, to: number): Set<number> {
  const s = new Set<number>();
  for (let u = from; u <= to; u += 1) s.add(u);
  return s;
}

/** Code units one of which every match of `re` contains, or null when no such set is known. */
export function requiredUnits(re: RegExp): Set<number> | null {
  // Flags that change what a match is (u: code points, v: set notation) are not modelled. g, y,
  // m and s do not change which characters a match contains (^, $ and . are read as such).
  if (/[^gimsy]/.test(re.flags)) return null;
  try {
    const r = new PatternReader(re.source, re.flags.includes('i')).read();
    return r.nullable ? null : r.units;
  } catch (e) {
    if (e instanceof UnknownPattern) return null;
    throw e;
  }
}

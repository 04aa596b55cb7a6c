import { TRAD_TO_SIMP } from './traditional';

// Rules match against a normalised copy of a message. The copy keeps the exact length of the
// original so evidence offsets point into the caller's text, hence only one-to-one character
// substitutions are allowed here.

const CHAR_MAP: ReadonlyMap<number, string> = (() => {
  const m = new Map<number, string>();
  for (const [t, s] of TRAD_TO_SIMP) m.set(t.charCodeAt(0), s);
  // Typographic punctuation that users paste from phones and office tools.
  m.set(0x2019, "'");
  m.set(0x2018, "'");
  m.set(0x201c, '"');
  m.set(0x201d, '"');
  m.set(0x00a0, ' ');
  m.set(0x3000, ' ');
  m.set(0x2103, '℃');
  return m;
})();

/**
 * Lower-cases ASCII, folds full-width ASCII to half-width and the traditional characters of
 * the shared table to simplified ones. Output length always equals input length.
 */
export function normalizeText(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0x41 && code <= 0x5a) {
      out += String.fromCharCode(code + 32);
    } else if (code >= 0xff01 && code <= 0xff5e) {
      // Full-width block maps onto ASCII 0x21..0x7e; lower-case letters too.
      let c = code - 0xfee0;
      if (c >= 0x41 && c <= 0x5a) c += 32;
      out += String.fromCharCode(c);
    } else {
      out += CHAR_MAP.get(code) ?? text.charAt(i);
    }
  }
  return out;
}

/** NFKC then lower case: the comparison form of free text (lengths may change). */
export function nfkcLower(text: string): string {
  return text.normalize('NFKC').toLowerCase();
}

/** NFKC only (codes, identifiers whose case matters). */
export function nfkc(text: string): string {
  return text.normalize('NFKC');
}

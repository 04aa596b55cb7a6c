import { IcdCoder } from './coder';

export { IcdCoder, DEFAULT_ICD_FILE } from './coder';
export { IcdError } from './errors';
export type { IcdErrorCode } from './errors';
export type { IcdCategory, IcdChapter, IcdLang, IcdLookupOptions, IcdMatch, IcdMatchKind, IcdMention } from './types';

let cached: IcdCoder | undefined;

/** Process-wide coder over the shipped list, loaded on first use. */
export function defaultIcdCoder(): IcdCoder {
  cached ??= IcdCoder.load();
  return cached;
}

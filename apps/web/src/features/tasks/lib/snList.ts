import { SN_PATTERN } from '@cpm/contracts';

/** A pasted or typed list of serial numbers, sorted into usable ones and the rest. */
export type ParsedSns = {
  /** Valid serial numbers, each once, in the order they first appeared. */
  sns: string[];
  /** Entries that are not serial numbers, each once. */
  invalid: string[];
  /** How many entries repeated an earlier one. */
  duplicates: number;
};

/** Any run of commas (also the Chinese one), semicolons, whitespace or line breaks separates two SNs. */
const SEPARATORS = /[\s,;，；、]+/u;

/** Splits text as typed, pasted from a spreadsheet column or a mail into serial numbers. */
export const parseSnText = (text: string): ParsedSns => collectSns(text.split(SEPARATORS));

/** Sorts raw entries (from text or a workbook column) into valid SNs, invalid entries and repeats. */
export const collectSns = (entries: readonly unknown[]): ParsedSns => {
  const seen = new Set<string>();
  const invalid = new Set<string>();
  const sns: string[] = [];
  let duplicates = 0;
  for (const entry of entries) {
    const value = entry === null || entry === undefined ? '' : String(entry).trim();
    if (!value) continue;
    if (seen.has(value) || invalid.has(value)) {
      duplicates++;
      continue;
    }
    if (SN_PATTERN.test(value)) {
      seen.add(value);
      sns.push(value);
    } else invalid.add(value);
  }
  return { sns, invalid: [...invalid], duplicates };
};

/** Adds new SNs to a list already chosen, keeping its order and skipping those it holds. */
export const mergeSns = (current: readonly string[], added: readonly string[]): string[] => {
  const seen = new Set(current);
  const merged = [...current];
  for (const sn of added)
    if (!seen.has(sn)) {
      seen.add(sn);
      merged.push(sn);
    }
  return merged;
};

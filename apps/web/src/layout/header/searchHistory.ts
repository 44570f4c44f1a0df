import { readJson, STORAGE_KEYS, writeJson } from '../../shared/session/storage';

/** How many recent searches the header search remembers. */
export const HISTORY_SIZE = 8;

/** Recent page paths, newest first. */
export const readHistory = (): string[] => {
  const saved = readJson<unknown>(STORAGE_KEYS.searchHistory, []);
  return Array.isArray(saved) ? saved.filter((p): p is string => typeof p === 'string') : [];
};

/** Puts a path first, without duplicates, keeping at most HISTORY_SIZE. */
export const rememberPath = (history: readonly string[], path: string): string[] =>
  [path, ...history.filter((p) => p !== path)].slice(0, HISTORY_SIZE);

export const saveHistory = (history: readonly string[]): void =>
  writeJson(STORAGE_KEYS.searchHistory, history);

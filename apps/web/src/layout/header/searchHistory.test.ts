import { describe, expect, it } from 'vitest';
import { HISTORY_SIZE, readHistory, rememberPath, saveHistory } from './searchHistory';

describe('search history', () => {
  it('puts the newest first without duplicates and keeps a bounded list', () => {
    let history: string[] = [];
    for (let i = 0; i < HISTORY_SIZE + 3; i++) history = rememberPath(history, `/p/${i}`);
    history = rememberPath(history, '/p/5');
    expect(history[0]).toBe('/p/5');
    expect(history).toHaveLength(HISTORY_SIZE);
    expect(new Set(history).size).toBe(history.length);
  });

  it('survives corrupt storage', () => {
    localStorage.setItem('searchHistory', '{oops');
    expect(readHistory()).toEqual([]);
    saveHistory(['/a']);
    expect(readHistory()).toEqual(['/a']);
  });
});

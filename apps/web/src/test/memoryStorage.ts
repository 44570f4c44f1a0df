import { afterEach } from 'vitest';

/** The browser's `Storage` over a map: what the stores and session helpers need of localStorage. */
class MemoryStorage implements Storage {
  #items = new Map<string, string>();
  get length() {
    return this.#items.size;
  }
  clear() {
    this.#items.clear();
  }
  getItem(key: string) {
    return this.#items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.#items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.#items.delete(key);
  }
  setItem(key: string, value: string) {
    this.#items.set(key, String(value));
  }
}

// Plain tests run in Node, which has no localStorage; the code they test keeps state there, and a
// map stands in for it rather than a whole DOM per file.
if (!('localStorage' in globalThis)) {
  Object.assign(globalThis, { localStorage: new MemoryStorage() });
}

afterEach(() => {
  localStorage.clear();
});

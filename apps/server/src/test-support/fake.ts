import { type Mock, vi } from 'vitest';

type AnyFunction = (...args: never[]) => unknown;

/** The object a factory returns, or the object type itself. */
type Made<T> = T extends (...args: never[]) => infer R ? R : T;

/** Every function of `T` as a spy with the real function's signature. */
export type Fake<T> = {
  -readonly [K in keyof T]: T[K] extends AnyFunction ? Mock<T[K]> & T[K] : T[K];
};

/** What a test may stub up front: only functions `T` has, each with a compatible implementation. */
export type FakeStubs<T> = { [K in keyof T]?: T[K] extends AnyFunction ? T[K] : never };

/**
 * A fake of what a factory returns (`fakeOf<typeof createTasksRepository>()`): every function is
 * a `vi.fn()` typed from the real one, made on first use, so a fake follows the repository as it
 * changes. Naming a function the repository lacks is a compile error, here or in `stubs`.
 * An unstubbed function answers undefined, like a bare `vi.fn()`.
 */
export const fakeOf = <F>(stubs: FakeStubs<Made<F>> = {}): Fake<Made<F>> => {
  const spies = new Map<PropertyKey, Mock>();
  for (const [key, impl] of Object.entries(stubs)) spies.set(key, vi.fn(impl as AnyFunction));
  return new Proxy({} as Fake<Made<F>>, {
    get(_target, key) {
      // A fake handed to `await` or a template string must not look like a promise or a primitive.
      if (typeof key === 'symbol' || key === 'then') return undefined;
      let spy = spies.get(key);
      if (!spy) {
        spy = vi.fn();
        spies.set(key, spy);
      }
      return spy;
    },
    has: (_target, key) => typeof key !== 'symbol' && key !== 'then',
  });
};

/** Makes a fake read answer `row` from now on, and answers the row: "the repository holds this". */
export const holding = <R>(read: { mockResolvedValue(value: NoInfer<R>): unknown }, row: R): R => {
  read.mockResolvedValue(row);
  return row;
};

/**
 * The "nothing matched" of a repository function written `rows[0] ?? null`: its inferred type
 * leaves the null out (an index is assumed to hit), so a stub of "not found" passes this.
 */
export const NOT_FOUND = null as never;

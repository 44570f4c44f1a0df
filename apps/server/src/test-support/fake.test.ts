import { describe, expect, expectTypeOf, it } from 'vitest';
import { fakeOf } from './fake';

const createCounterRepository = (start: number) => ({
  read: async (id: string) => ({ id, value: start }),
  bump: async (_id: string, by: number) => by + start,
});

describe('fakeOf', () => {
  it('makes every function of the factory a spy that records its calls', async () => {
    const repo = fakeOf<typeof createCounterRepository>();
    repo.bump.mockResolvedValue(3);
    expect(await repo.bump('a', 2)).toBe(3);
    expect(repo.bump).toHaveBeenCalledWith('a', 2);
    expect(repo.read).not.toHaveBeenCalled();
  });

  it('keeps one spy per function, so a stub set once holds for every later call', async () => {
    const repo = fakeOf<typeof createCounterRepository>();
    repo.read.mockResolvedValue({ id: 'x', value: 1 });
    expect(repo.read).toBe(repo.read);
    expect(await repo.read('x')).toEqual({ id: 'x', value: 1 });
  });

  it('takes stubs up front', async () => {
    const repo = fakeOf<typeof createCounterRepository>({ bump: async (_id, by) => by * 10 });
    expect(await repo.bump('a', 2)).toBe(20);
    expect(repo.bump).toHaveBeenCalledOnce();
  });

  it('answers undefined from a function nobody stubbed', async () => {
    const repo = fakeOf<typeof createCounterRepository>();
    expect(await repo.read('a')).toBeUndefined();
  });

  it('is not mistaken for a promise when a service returns it from an async function', async () => {
    const repo = fakeOf<typeof createCounterRepository>();
    const same = await (async () => repo)();
    expect(same).toBe(repo);
  });

  it('types each spy from the real function and refuses functions the repository lacks', () => {
    const repo = fakeOf<typeof createCounterRepository>();
    expectTypeOf(repo.bump).parameters.toEqualTypeOf<[string, number]>();
    expectTypeOf(repo.read).returns.resolves.toEqualTypeOf<{ id: string; value: number }>();
    // @ts-expect-error the repository has no `remove`
    expect(typeof repo.remove).toBe('function');
    // @ts-expect-error a stub must match the real signature
    fakeOf<typeof createCounterRepository>({ bump: async (_id: number) => 1 });
    // @ts-expect-error nor may a stub name a function the repository lacks
    fakeOf<typeof createCounterRepository>({ remove: async () => 1 });
  });
});

import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { closeInOrder } from './shutdown';

const never = () => new Promise<void>(() => undefined);

describe('closeInOrder', () => {
  it('stops the parts one after another', async () => {
    const app = Fastify({ logger: false });
    const ran: string[] = [];
    const step = (name: string) => async () => {
      await Promise.resolve();
      ran.push(name);
    };
    closeInOrder(app, [
      ['a', step('a')],
      ['b', () => undefined],
      ['c', step('c'), 'final'],
    ]);
    await app.close();
    expect(ran).toEqual(['a', 'c']);
  });

  it('waits for every step to its end when given no bounds', async () => {
    const app = Fastify({ logger: false });
    const ran: string[] = [];
    closeInOrder(app, [
      ['slow', () => new Promise<void>((resolve) => setTimeout(() => resolve(void ran.push('slow')), 50))],
      ['database', async () => void ran.push('database'), 'final'],
    ]);
    await app.close();
    expect(ran).toEqual(['slow', 'database']);
  });

  it('leaves a step behind once the budget is spent, and still starts and waits for the rest', async () => {
    const app = Fastify({ logger: false });
    const ran: string[] = [];
    closeInOrder(
      app,
      [
        ['hangs', never],
        [
          'later',
          () => {
            ran.push('later');
            return never();
          },
        ],
        [
          'database',
          async () => {
            ran.push('database');
          },
          'final',
        ],
      ],
      { budgetMs: 50, finalMs: 50 },
    );
    const started = performance.now();
    await app.close();
    expect(ran).toEqual(['later', 'database']);
    // The budget and one final step's wait, with room for a busy machine's timers.
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('bounds a final step by its own wait', async () => {
    const app = Fastify({ logger: false });
    closeInOrder(app, [['broker', never, 'final']], { budgetMs: 10_000, finalMs: 50 });
    const started = performance.now();
    await app.close();
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('goes on past a failing step', async () => {
    const app = Fastify({ logger: false });
    const ran: string[] = [];
    closeInOrder(app, [
      ['fails', () => Promise.reject(new Error('no'))],
      [
        'database',
        async () => {
          ran.push('database');
        },
        'final',
      ],
    ]);
    await app.close();
    expect(ran).toEqual(['database']);
  });
});

import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

const scrolls = vi.hoisted(() => ({ durations: [] as (number | undefined)[] }));
vi.mock('../scroll/smoothScroll', async (original) => ({
  ...(await original<typeof import('../scroll/smoothScroll')>()),
  scrollToTop: (duration?: number) => scrolls.durations.push(duration),
}));

const { SharedPagination } = await import('./SharedPagination');

describe('SharedPagination', () => {
  it('scrolls to the top in 800 ms after a page change, not in the helper default of 500', () => {
    const changes: [number, number][] = [];
    render(<SharedPagination current={1} size={10} total={95} onChange={(c, s) => changes.push([c, s])} />);
    fireEvent.click(screen.getByTitle('2'));
    expect(changes).toEqual([[2, 10]]);
    expect(scrolls.durations).toEqual([800]);
  });
});

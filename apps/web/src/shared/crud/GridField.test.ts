import { describe, expect, it } from 'vitest';
import { gridColumn } from './GridField';

describe('gridColumn', () => {
  it('takes half the row from medium screens up by default', () => {
    expect(gridColumn({})).toEqual({ xs: 24, md: 12 });
  });

  it('takes the whole row or a quarter when asked', () => {
    expect(gridColumn({ span: 'full' })).toEqual({ xs: 24 });
    expect(gridColumn({ span: 'quarter' })).toEqual({ xs: 12, md: 6 });
  });

  it('uses an explicit column over the span', () => {
    expect(gridColumn({ span: 'full', col: { xs: 12 } })).toEqual({ xs: 12 });
  });
});

import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, initI18n } from '../../i18n';
import { Chart } from './Chart';

describe('Chart', () => {
  beforeAll(() => {
    initI18n('en');
  });

  it('shows the empty state in the console language when no series has data, without drawing', async () => {
    const option = { xAxis: { type: 'category' as const }, series: [{ type: 'line' as const, data: [] }] };
    const { unmount } = render(<Chart option={option} ariaLabel="trend" data-testid="c" />);
    expect(screen.getByTestId('c')).toHaveAttribute('data-status', 'empty');
    expect(screen.getByText('No data yet')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'trend' })).toBeNull();
    unmount();
    await changeLanguage('cn');
    render(<Chart option={option} ariaLabel="trend" emptyText={undefined} data-testid="c" />);
    expect(screen.getByText('暂无数据')).toBeInTheDocument();
    await changeLanguage('en');
  });

  it('takes the caller’s word for emptiness and its own text', () => {
    render(
      <Chart
        option={{ series: [{ type: 'pie', data: [{ name: 'a', value: 0 }] }] }}
        empty
        emptyText="No terminals yet"
        ariaLabel="status"
      />,
    );
    expect(screen.getByText('No terminals yet')).toBeInTheDocument();
  });
});

import { fireEvent, render, screen } from '@testing-library/react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { DateRangeFilter } from './DateRangeFilter';

type Range = { from?: string; to?: string };

/** The filter as the filter bar holds it, with every change it reports. */
const Harness = ({ initial = {}, sent }: { initial?: Range; sent: Range[] }) => {
  const [range, setRange] = useState<Range>(initial);
  return (
    <DateRangeFilter
      id="filter-field-from"
      from={range.from}
      to={range.to}
      onChange={(from, to) => {
        sent.push({ from, to });
        setRange({ from, to });
      }}
      testId="filter-from"
      toTestId="filter-to"
    />
  );
};

/** Opens a picker and clicks one day of the month it shows. */
const pickDay = async (input: HTMLElement, day: string) => {
  fireEvent.mouseDown(input);
  fireEvent.click(input);
  const cells = await screen.findAllByTitle(day);
  fireEvent.click(cells[cells.length - 1] as HTMLElement);
};

const inputOf = (testId: string) => {
  const root = screen.getByTestId(testId);
  return root.tagName === 'INPUT' ? root : (root.querySelector('input') as HTMLElement);
};

describe('DateRangeFilter', () => {
  it('names the end apart from the start, for tests and for screen readers', () => {
    render(<Harness sent={[]} />);
    expect(inputOf('filter-from')).toHaveAttribute('id', 'filter-field-from');
    const end = inputOf('filter-to');
    expect(end).toHaveAttribute('id', 'filter-field-from-to');
    expect(screen.getByLabelText('to')).toBe(end);
  });

  it('sends the start of the first day and the end of the last', async () => {
    const sent: Range[] = [];
    render(<Harness initial={{ from: dayjs('2024-05-10').toISOString() }} sent={sent} />);
    await pickDay(inputOf('filter-to'), '2024-05-20');
    expect(sent.at(-1)).toEqual({
      from: dayjs('2024-05-10').startOf('day').toISOString(),
      to: dayjs('2024-05-20').endOf('day').toISOString(),
    });
  });

  it('offers no end day before the start', async () => {
    render(<Harness initial={{ from: dayjs('2024-05-10').toISOString() }} sent={[]} />);
    const end = inputOf('filter-to');
    fireEvent.mouseDown(end);
    fireEvent.click(end);
    const [before] = await screen.findAllByTitle('2024-05-09');
    const [start] = screen.getAllByTitle('2024-05-10');
    expect(before).toHaveClass('ant-picker-cell-disabled');
    expect(start).not.toHaveClass('ant-picker-cell-disabled');
  });
});

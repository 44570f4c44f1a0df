import type { ReviewEntry } from '@cpm/contracts';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n';
import { ReviewDialog } from './ReviewDialog';

const HISTORY: ReviewEntry[] = [
  { decision: 'submitted', reason: null, actorName: 'shop', at: '2026-11-20T08:00:00Z' },
  { decision: 'rejected', reason: 'Licence is unreadable', actorName: 'admin', at: '2026-11-19T08:00:00Z' },
  { decision: 'submitted', reason: null, actorName: 'shop', at: '2026-11-18T08:00:00Z' },
];

const renderDialog = (over: Partial<Parameters<typeof ReviewDialog>[0]> = {}) => {
  const props = {
    open: true,
    title: 'Review shop',
    history: HISTORY,
    onApprove: vi.fn(async () => {}),
    onReject: vi.fn(async (_reason: string) => {}),
    onClose: vi.fn(),
    ...over,
  };
  render(<ReviewDialog {...props} />);
  return props;
};

describe('ReviewDialog', () => {
  beforeAll(() => {
    initI18n('en');
  });

  it('shows the earlier decisions, newest first, with the rejection reason', () => {
    renderDialog();
    const entries = screen.getAllByTestId('review-history-entry');
    expect(entries.map((e) => e.dataset.decision)).toEqual(['submitted', 'rejected', 'submitted']);
    expect(entries[1]).toHaveTextContent('Licence is unreadable');
    expect(entries[1]).toHaveTextContent('by admin');
  });

  it('refuses to reject without a reason, then rejects with the trimmed reason', async () => {
    const user = userEvent.setup();
    const props = renderDialog();
    await user.click(screen.getByTestId('review-reject'));
    expect(await screen.findByText('Please give a reason for the rejection')).toBeInTheDocument();
    fireEvent.change(screen.getByTestId('review-reason'), { target: { value: '   ' } });
    await user.click(screen.getByTestId('review-reject'));
    await waitFor(() =>
      expect(screen.getByText('Please give a reason for the rejection')).toBeInTheDocument(),
    );
    expect(props.onReject).not.toHaveBeenCalled();
    fireEvent.change(screen.getByTestId('review-reason'), { target: { value: '  Address missing ' } });
    await user.click(screen.getByTestId('review-reject'));
    await waitFor(() => expect(props.onReject).toHaveBeenCalledWith('Address missing'));
    expect(props.onApprove).not.toHaveBeenCalled();
  });

  it('approves without a reason', async () => {
    const user = userEvent.setup();
    const props = renderDialog();
    await user.click(screen.getByTestId('review-approve'));
    await waitFor(() => expect(props.onApprove).toHaveBeenCalledTimes(1));
  });

  it('only shows when the caller may not decide', () => {
    renderDialog({ canDecide: false, history: [] });
    expect(screen.queryByTestId('review-approve')).toBeNull();
    expect(screen.queryByTestId('review-reason')).toBeNull();
    expect(screen.getByText('No earlier decisions')).toBeInTheDocument();
  });
});

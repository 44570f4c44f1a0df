import { fireEvent, render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError, NETWORK_ERROR_CODE } from '../../api/httpClient';
import { changeLanguage, initI18n } from '../../i18n';
import { LoadFailed } from './LoadFailed';
import { NotLoaded } from './NotLoaded';

describe('LoadFailed', () => {
  beforeAll(() => {
    initI18n('en');
  });

  it('names what could not be loaded and why, in both languages', async () => {
    const offline = new ApiError(NETWORK_ERROR_CODE, 'Network connection failed', null);
    const { unmount } = render(<LoadFailed error={offline} what="The fleet figures" />);
    expect(screen.getByTestId('load-failed')).toHaveTextContent(
      'The fleet figures could not be loaded: Network connection failed',
    );
    unmount();
    await changeLanguage('cn');
    const server = new ApiError(9999, '服务器内部错误', null);
    render(<LoadFailed error={server} what="设备统计" />);
    expect(screen.getByTestId('load-failed')).toHaveTextContent('设备统计加载失败：服务器内部错误');
    await changeLanguage('en');
  });

  it('says only that it failed when the failure names no reason, and offers no retry without one', () => {
    render(<LoadFailed />);
    expect(screen.getByTestId('load-failed')).toHaveTextContent(/^This could not be loaded$/);
    expect(screen.queryByTestId('load-failed-retry')).toBeNull();
  });

  it('stands in for a query: loading until its read failed, then the failure with a retry', () => {
    const refetch = vi.fn();
    const { rerender } = render(
      <NotLoaded query={{ isError: false, error: null, refetch }} loading={<span>loading</span>} />,
    );
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(screen.queryByTestId('load-failed')).toBeNull();
    rerender(<NotLoaded query={{ isError: true, error: new Error('Internal server error'), refetch }} />);
    expect(screen.getByTestId('load-failed')).toHaveTextContent(
      'This could not be loaded: Internal server error',
    );
    fireEvent.click(screen.getByTestId('load-failed-retry'));
    expect(refetch).toHaveBeenCalledOnce();
  });
});

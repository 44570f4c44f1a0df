import { fireEvent, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../i18n';
import { retryableLazy } from '../shared/retryableLazy';
import { PageErrorBoundary } from './PageErrorBoundary';

const Page = () => <p>the page</p>;

describe('a page whose code cannot be fetched', () => {
  beforeAll(() => {
    initI18n('en');
  });

  it('shows the network panel once (no endless refetching) and loads when retried', async () => {
    const factory = vi
      .fn<() => Promise<{ default: typeof Page }>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module: /assets/Page.js'))
      .mockResolvedValue({ default: Page });
    const Lazy = retryableLazy(factory);
    render(
      <PageErrorBoundary>
        <Suspense fallback={<p>loading</p>}>
          <Lazy />
        </Suspense>
      </PageErrorBoundary>,
    );
    expect(await screen.findByTestId('page-offline')).toBeTruthy();
    // React's own re-render after the failure did not start another fetch.
    expect(factory).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByTestId('page-error-retry'));
    expect(await screen.findByText('the page')).toBeTruthy();
    expect(factory).toHaveBeenCalledTimes(2);
  });
});

import { act, fireEvent, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../i18n';
import { retryableLazy } from '../shared/retryableLazy';
import { SERVER_PROBE_MS } from '../shared/serverReachable';
import { PageErrorBoundary, UP_RETRY_GAP_MS } from './PageErrorBoundary';

const Page = () => <p>the page</p>;
const chunkFailure = () => new TypeError('Failed to fetch dynamically imported module: /assets/Page.js');
/** A page's code that cannot be fetched: on every try, or only on the first. */
const pageCode = (fails: 'always' | 'once') => {
  const factory = vi.fn<() => Promise<{ default: typeof Page }>>();
  return fails === 'always'
    ? factory.mockRejectedValue(chunkFailure())
    : factory.mockRejectedValueOnce(chunkFailure()).mockResolvedValue({ default: Page });
};

const renderLazy = (factory: () => Promise<{ default: typeof Page }>) => {
  const Lazy = retryableLazy(factory);
  render(
    <PageErrorBoundary>
      <Suspense fallback={<p>loading</p>}>
        <Lazy />
      </Suspense>
    </PageErrorBoundary>,
  );
};

/** The server's probe answers as `answers` says, one call after another (the last one repeats). */
const serverAnswers = (...answers: boolean[]) => {
  const probe = vi.fn(async () => {
    const up = answers.length > 1 ? answers.shift() : answers[0];
    if (!up) throw new TypeError('Failed to fetch');
    return new Response(null, { status: 404 });
  });
  vi.stubGlobal('fetch', probe);
  return probe;
};

/** With fake timers, renders page code that fails as `fails` says while the probe answers `answers`. */
const renderOnFakeTimers = async (fails: 'always' | 'once', ...answers: boolean[]) => {
  vi.useFakeTimers();
  const factory = pageCode(fails);
  const probe = serverAnswers(...answers);
  renderLazy(factory);
  await act(() => vi.advanceTimersByTimeAsync(0));
  return { factory, probe };
};

/** Lets one probe interval pass and its answer arrive. */
const nextProbe = () => act(() => vi.advanceTimersByTimeAsync(SERVER_PROBE_MS));

describe('a page whose code cannot be fetched', () => {
  beforeAll(() => {
    initI18n('en');
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows the network panel once (no endless refetching) and loads when retried', async () => {
    const factory = pageCode('once');
    renderLazy(factory);
    expect(await screen.findByTestId('page-offline')).toBeTruthy();
    // React's own re-render after the failure did not start another fetch.
    expect(factory).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByTestId('page-error-retry'));
    expect(await screen.findByText('the page')).toBeTruthy();
    expect(factory).toHaveBeenCalledTimes(2);
  });

  it('loads by itself once the server answers again after an outage', async () => {
    const { factory, probe } = await renderOnFakeTimers('once', false, false, true);
    expect(screen.getByTestId('page-offline')).toBeTruthy();
    await nextProbe();
    await nextProbe();
    expect(screen.getByTestId('page-offline')).toBeTruthy();
    expect(factory).toHaveBeenCalledTimes(1);
    await nextProbe();
    expect(screen.getByText('the page')).toBeTruthy();
    expect(probe).toHaveBeenCalledTimes(3);
  });

  it('loads by itself when the server is back before the first probe', async () => {
    const { factory } = await renderOnFakeTimers('once', true);
    expect(screen.getByTestId('page-offline')).toBeTruthy();
    await nextProbe();
    expect(screen.getByText('the page')).toBeTruthy();
    expect(factory).toHaveBeenCalledTimes(2);
  });

  it('code missing while the server answers is tried again once a minute, not on every probe', async () => {
    const { factory } = await renderOnFakeTimers('always', true);
    await nextProbe();
    expect(factory).toHaveBeenCalledTimes(2);
    for (let waited = SERVER_PROBE_MS; waited < UP_RETRY_GAP_MS; waited += SERVER_PROBE_MS) await nextProbe();
    expect(factory).toHaveBeenCalledTimes(2);
    expect(screen.getByTestId('page-offline')).toBeTruthy();
    await nextProbe();
    expect(factory).toHaveBeenCalledTimes(3);
  });
});

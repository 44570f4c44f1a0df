import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useCopy } from './CommandDetailDrawer';

const CopyButton = () => {
  const copy = useCopy();
  return (
    <button type="button" onClick={() => void copy('getprop output')}>
      copy
    </button>
  );
};

const setClipboard = (writeText: (text: string) => Promise<void>) =>
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });

describe('copying command output', () => {
  afterEach(() => vi.restoreAllMocks());

  it('says "clipboard write denied" when the browser refuses, and "copied" when it writes', async () => {
    const user = userEvent.setup();
    setClipboard(() => Promise.reject(new DOMException('denied', 'NotAllowedError')));
    const view = render(
      <App>
        <CopyButton />
      </App>,
    );
    await user.click(screen.getByRole('button', { name: 'copy' }));
    expect(await screen.findByText('Clipboard write denied')).toBeInTheDocument();
    view.unmount();

    const writeText = vi.fn(() => Promise.resolve());
    setClipboard(writeText);
    render(
      <App>
        <CopyButton />
      </App>,
    );
    await user.click(screen.getByRole('button', { name: 'copy' }));
    expect(writeText).toHaveBeenCalledWith('getprop output');
    expect(await screen.findByText('Copied')).toBeInTheDocument();
  });
});

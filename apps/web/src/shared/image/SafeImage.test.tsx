import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n';
import { retryUrl } from './retryUrl';
import { SafeImage } from './SafeImage';

const img = () => {
  const found = document.querySelector('img');
  if (!found) throw new Error('no image element');
  return found;
};

describe('retryUrl', () => {
  it('adds, replaces and leaves out the cache-busting parameter', () => {
    expect(retryUrl('/b/x.png?id=1&sig=a', 0)).toBe('/b/x.png?id=1&sig=a');
    expect(retryUrl('/b/x.png?id=1&sig=a', 1)).toBe('/b/x.png?id=1&sig=a&_retry=1');
    expect(retryUrl('/b/x.png?id=1&_retry=1', 2)).toBe('/b/x.png?id=1&_retry=2');
    expect(retryUrl('/b/x.png?_retry=1&id=1', 2)).toBe('/b/x.png?id=1&_retry=2');
    expect(retryUrl('/b/x.png#t=1', 3)).toBe('/b/x.png?_retry=3#t=1');
    expect(retryUrl('data:image/png;base64,AAA', 2)).toBe('data:image/png;base64,AAA');
    expect(retryUrl('blob:http://h/1', 2)).toBe('blob:http://h/1');
  });
});

describe('SafeImage', () => {
  it('shows the failure text and a retry that requests the image again', () => {
    render(<SafeImage src="/files/shot.png?id=7" alt="Screenshot" />);
    expect(img().getAttribute('src')).toBe('/files/shot.png?id=7');
    fireEvent.error(img());
    expect(screen.getByTestId('image-failed')).toHaveTextContent('Image loading failed');
    expect(document.querySelector('img')).toBeNull();

    fireEvent.click(screen.getByTestId('image-retry'));
    expect(screen.queryByTestId('image-failed')).toBeNull();
    expect(img().getAttribute('src')).toBe('/files/shot.png?id=7&_retry=1');

    // A second failure offers the retry again, and the next request is a new one too.
    fireEvent.error(img());
    fireEvent.click(screen.getByTestId('image-retry'));
    expect(img().getAttribute('src')).toBe('/files/shot.png?id=7&_retry=2');
    fireEvent.load(img());
    expect(screen.queryByTestId('image-failed')).toBeNull();
  });

  it('says it in Chinese too', async () => {
    await i18n.changeLanguage('zh');
    try {
      render(<SafeImage src="/x.png" alt="x" />);
      fireEvent.error(img());
      expect(screen.getByTestId('image-failed')).toHaveTextContent('图片加载失败');
      expect(screen.getByTestId('image-retry')).toHaveTextContent('重试');
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it("uses the caller's retry when given, and starts afresh with its new address", () => {
    const onRetry = vi.fn();
    const { rerender } = render(<SafeImage src="/signed?s=1" alt="x" onRetry={onRetry} />);
    fireEvent.error(img());
    fireEvent.click(screen.getByTestId('image-retry'));
    expect(onRetry).toHaveBeenCalledTimes(1);
    rerender(<SafeImage src="/signed?s=2" alt="x" onRetry={onRetry} />);
    expect(img().getAttribute('src')).toBe('/signed?s=2');
  });

  it.each([
    [
      'compact images carry the text as the retry button label',
      <SafeImage key="icon" src="/icon.png" alt="icon" compact width={40} height={40} />,
      '/icon.png',
      () => expect(screen.getByTestId('image-retry')).toHaveAccessibleName('Image loading failed. Retry'),
    ],
    [
      'previewable photos fail and retry the same way',
      <SafeImage key="photo" src="/photo.jpg" alt="photo" preview width={88} height={88} />,
      '/photo.jpg',
      () => expect(screen.getByTestId('image-failed')).toHaveTextContent('Image loading failed'),
    ],
  ])('%s', (_, image, src, failureShown) => {
    render(image);
    fireEvent.error(img());
    failureShown();
    fireEvent.click(screen.getByTestId('image-retry'));
    expect(img().getAttribute('src')).toBe(`${src}?_retry=1`);
  });

  it('wraps only a loaded image in its frame', () => {
    render(
      <SafeImage
        src="/w.jpg"
        alt="wallpaper"
        frame={(image) => (
          <button type="button" data-testid="open">
            {image}
          </button>
        )}
      />,
    );
    expect(screen.getByTestId('open')).toContainElement(img());
    fireEvent.error(img());
    expect(screen.queryByTestId('open')).toBeNull();
    expect(screen.getByTestId('image-failed')).toBeInTheDocument();
  });
});

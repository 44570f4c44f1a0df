import { PictureOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Image, Tooltip } from 'antd';
import { type CSSProperties, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { retryUrl } from './retryUrl';
import './safeImage.css';

type FailedProps = {
  /** Asks for the image again. */
  onRetry: () => void;
  /** Small images (icons, thumbnails): an icon button carries the text as its label and tooltip. */
  compact?: boolean;
  width?: number | string;
  height?: number | string;
  className?: string;
  style?: CSSProperties;
};

/**
 * The spec's "image loading failed" answer with a way to try again, in the place the image would
 * have taken. Also for callers whose image never got as far as an `<img>` (a fetch that failed).
 */
export const ImageFailed = ({ onRetry, compact, width, height, className, style }: FailedProps) => {
  const { t } = useTranslation('common');
  const text = t('image.loadFailed');
  const classes = ['cpm-image-failed', compact ? 'is-compact' : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  if (compact)
    return (
      <span className={classes} style={{ width, height, ...style }} data-testid="image-failed" role="alert">
        <Tooltip title={`${text} · ${t('image.retry')}`}>
          <Button
            size="small"
            type="text"
            icon={<ReloadOutlined />}
            aria-label={`${text}. ${t('image.retry')}`}
            onClick={(e) => {
              e.stopPropagation();
              onRetry();
            }}
            data-testid="image-retry"
          />
        </Tooltip>
      </span>
    );
  return (
    <span className={classes} style={{ width, height, ...style }} data-testid="image-failed" role="alert">
      <PictureOutlined className="cpm-image-failed-icon" aria-hidden />
      <span className="cpm-image-failed-text">{text}</span>
      <Button
        size="small"
        icon={<ReloadOutlined />}
        onClick={(e) => {
          e.stopPropagation();
          onRetry();
        }}
        data-testid="image-retry"
      >
        {t('image.retry')}
      </Button>
    </span>
  );
};

type SafeImageProps = {
  src: string;
  alt: string;
  width?: number | string;
  height?: number | string;
  className?: string;
  style?: CSSProperties;
  loading?: 'lazy' | 'eager';
  /** Opens a larger view on click (antd `Image` preview), for photos among thumbnails. */
  preview?: boolean;
  /** Icons and small thumbnails: the failure shows as an icon button. */
  compact?: boolean;
  /**
   * Another way to try again than asking for the same address (a signed link that may have expired
   * is signed afresh). The caller then passes the new address as `src`.
   */
  onRetry?: () => void;
  /** Wraps the loaded image, e.g. in the button that opens it; a failed image is shown unwrapped. */
  frame?: (image: ReactNode) => ReactNode;
  testId?: string;
  /** Extra attributes of the image element (`data-*`). */
  imgProps?: Record<`data-${string}`, string | number>;
};

/**
 * Every image the console shows: when it cannot be loaded, the spec's "image loading failed" text
 * and a retry, which asks the server again (a cache-busting parameter) or the caller's own way.
 */
export const SafeImage = ({
  src,
  alt,
  width,
  height,
  className,
  style,
  loading,
  preview,
  compact,
  onRetry,
  frame,
  testId,
  imgProps,
}: SafeImageProps) => {
  const [state, setState] = useState({ src, attempt: 0, failed: false });
  // A new address is a new image: its first load counts afresh.
  const { attempt, failed } = state.src === src ? state : { attempt: 0, failed: false };

  if (failed)
    return (
      <ImageFailed
        compact={compact}
        width={width}
        height={height}
        className={className}
        style={style}
        onRetry={() => {
          // The caller's own retry brings a new address; otherwise the same one is asked for again.
          setState({ src, attempt: onRetry ? attempt : attempt + 1, failed: false });
          onRetry?.();
        }}
      />
    );

  const shown = retryUrl(src, attempt);
  const onError = () => setState({ src, attempt, failed: true });
  // The same attributes either way; only antd's Image adds the click-to-preview.
  const common = {
    src: shown,
    width,
    height,
    className,
    style,
    onError,
    'data-testid': testId,
    ...imgProps,
  };
  const image = preview ? (
    <Image key={attempt} alt={alt} {...common} />
  ) : (
    <img key={attempt} alt={alt} {...common} loading={loading} />
  );
  return <>{frame ? frame(image) : image}</>;
};

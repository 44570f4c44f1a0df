import { DisconnectOutlined } from '@ant-design/icons';
import { Button, Empty } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { failureReason } from './loadFailure';

type Props = {
  /** Reads again; the button is left out without it. */
  onRetry?: () => void;
  /** What could not be loaded; a general text, naming the reason `error` gives, when left out. */
  description?: ReactNode;
  /** The read's failure: its message (the server's answer, or no connection) is named. */
  error?: unknown;
  /** What could not be loaded, named in the general text ("The fleet figures"). */
  what?: string;
  testId?: string;
  retryTestId?: string;
};

/** "This could not be loaded", naming what and why when known. */
const generalText = (t: TFunction<'common'>, reason: string | null, what: string | undefined) => {
  if (what) return reason ? t('load.failedWhatBecause', { what, reason }) : t('load.failedWhat', { what });
  return reason ? t('load.failedBecause', { reason }) : t('load.failed');
};

/**
 * In place of what could not be read from the server: says so, with a retry, instead of a skeleton
 * that never ends or an empty state that would say there is nothing.
 */
export const LoadFailed = ({
  onRetry,
  description,
  error,
  what,
  testId = 'load-failed',
  retryTestId = 'load-failed-retry',
}: Props) => {
  const { t } = useTranslation('common');
  const reason = failureReason(error);
  return (
    <Empty
      image={<DisconnectOutlined className="cpm-load-error-icon" />}
      description={description ?? generalText(t, reason, what)}
      data-testid={testId}
    >
      {onRetry && (
        <Button type="primary" onClick={onRetry} data-testid={retryTestId}>
          {t('actions.retry')}
        </Button>
      )}
    </Empty>
  );
};

import { DisconnectOutlined } from '@ant-design/icons';
import { Button, Empty } from 'antd';
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
  testId?: string;
  retryTestId?: string;
};

/**
 * In place of what could not be read from the server: says so, with a retry, instead of a skeleton
 * that never ends or an empty state that would say there is nothing.
 */
export const LoadFailed = ({
  onRetry,
  description,
  error,
  testId = 'load-failed',
  retryTestId = 'load-failed-retry',
}: Props) => {
  const { t } = useTranslation('common');
  const reason = failureReason(error);
  return (
    <Empty
      image={<DisconnectOutlined className="cpm-load-error-icon" />}
      description={description ?? (reason ? t('load.failedBecause', { reason }) : t('load.failed'))}
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

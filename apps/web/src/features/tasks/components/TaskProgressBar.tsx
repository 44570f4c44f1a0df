import type { DeliveryCounts } from '@cpm/contracts';
import { Tooltip, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { PROGRESS_PARTS, type ProgressPart, partWidths, progressOf } from '../lib/progress';

/**
 * A task run's progress as one bar of its parts (success, failure, ended without a result,
 * running, waiting) with the finished percent; the counts show on hover.
 */
export const TaskProgressBar = ({
  counts,
  compact,
  testId = 'task-progress',
}: {
  counts: DeliveryCounts;
  /** Narrow, for a table cell. */
  compact?: boolean;
  testId?: string;
}) => {
  const { t } = useTranslation('tasks');
  const { token } = theme.useToken();
  const p = progressOf(counts);
  const widths = partWidths(p);
  const colors: Record<ProgressPart, string> = {
    success: token.colorSuccess,
    failure: token.colorError,
    ended: token.colorWarning,
    running: token.colorPrimary,
    waiting: token.colorFillSecondary,
  };
  const details = (
    <div>
      {PROGRESS_PARTS.map((part) => (
        <div key={part}>
          <span className="cpm-task-dot" style={{ background: colors[part] }} />
          {t(`progress.${part}`)}: {p.parts[part]}
        </div>
      ))}
      {p.deferred > 0 && <div>{t('progress.deferred', { count: p.deferred })}</div>}
    </div>
  );
  return (
    <Tooltip title={details}>
      <div
        className={`cpm-task-progress${compact ? ' cpm-task-progress-compact' : ''}`}
        data-testid={testId}
        data-finished={p.finished}
        data-total={p.total}
        data-success={p.parts.success}
        data-failure={p.parts.failure}
      >
        <div className="cpm-task-progress-track" style={{ background: token.colorFillTertiary }}>
          {PROGRESS_PARTS.map((part) =>
            widths[part] ? (
              <div key={part} style={{ width: `${widths[part]}%`, background: colors[part] }} />
            ) : null,
          )}
        </div>
        <Typography.Text type="secondary" className="cpm-task-progress-text">
          {p.total ? `${p.percent}% · ${p.finished}/${p.total}` : t('progress.none')}
        </Typography.Text>
      </div>
    </Tooltip>
  );
};

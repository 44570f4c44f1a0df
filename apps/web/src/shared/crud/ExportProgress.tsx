import { DownloadOutlined } from '@ant-design/icons';
import type { ExportResult } from '@cpm/contracts';
import { Alert, Button, Modal, Progress, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useJobProgress } from './useJobProgress';

/** A running export: the bar, what the job is doing, and the file's link when it is done. */
export const ExportProgress = ({ jobId, onClose }: { jobId: string | null; onClose: () => void }) => {
  const { t, i18n } = useTranslation('crud');
  const { job } = useJobProgress(jobId);
  const zh = i18n.language === 'zh';
  const result = job?.status === 'succeeded' ? (job.result as ExportResult | null) : null;
  const status = job?.status === 'failed' ? 'exception' : job?.status === 'succeeded' ? 'success' : 'active';
  const text = job ? (zh ? job.message : job.messageEn) : null;
  return (
    <Modal
      open={jobId !== null}
      title={t('export.title')}
      onCancel={onClose}
      footer={
        <Space>
          {result && (
            <Button
              type="primary"
              href={result.downloadUrl}
              icon={<DownloadOutlined />}
              data-testid="export-download"
            >
              {t('export.download')}
            </Button>
          )}
          <Button onClick={onClose}>{t('export.close')}</Button>
        </Space>
      }
    >
      <div
        data-testid="export-progress"
        data-status={job?.status ?? 'queued'}
        data-percent={job?.percent ?? 0}
      >
        <Progress percent={job?.percent ?? 0} status={status} aria-label={t('export.title')} />
        <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
          {job?.status === 'queued' || !job ? t('export.queued') : text}
        </Typography.Paragraph>
        {result && (
          <Alert
            type="success"
            showIcon
            message={t('export.done')}
            description={t('export.ready', { rows: result.rows, fileName: result.fileName })}
          />
        )}
        {job?.status === 'failed' && (
          <Alert type="error" showIcon message={t('export.failed')} description={job.errorId ?? undefined} />
        )}
        {!result && job?.status !== 'failed' && (
          <Typography.Paragraph type="secondary">{t('export.background')}</Typography.Paragraph>
        )}
      </div>
    </Modal>
  );
};

import { DownloadOutlined, DownOutlined } from '@ant-design/icons';
import type { ExportFormat, ExportList, ExportResult } from '@cpm/contracts';
import { exportsRoutes } from '@cpm/contracts/routes';
import { Alert, Button, Dropdown, Modal, Progress, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, download } from '../../api/http';
import { Auth } from '../auth/Auth';
import type { ListFilter } from './listState';
import type { PermissionKeyLike } from './permission';
import { useJobProgress } from './useJobProgress';

type Props = {
  permission: PermissionKeyLike;
  /** The list's own export endpoint (GET with the list's filter), for sets small enough to send at once. */
  path: string;
  /** The filter in force, so the file holds what the list shows. */
  query: ListFilter;
  fileName: string;
  /** Lists the server can also export as a background job; without it the file always comes at once. */
  list?: ExportList;
};

/**
 * Exports the rows matching the list's current filter. A small set downloads at once; a large one (or
 * a CSV) runs as a background job with a progress bar, and the bell brings the link when it is ready.
 */
export const ExportButton = ({ permission, path, query, fileName, list }: Props) => {
  const { t } = useTranslation('crud');
  const [busy, setBusy] = useState(false);
  const [jobId, setJobId] = useState<string | null>(null);

  const direct = () => download({ method: 'GET', path, query, fileName, loading: false });
  const run = async (format?: ExportFormat) => {
    setBusy(true);
    try {
      if (!list) return await direct();
      const started = await call(exportsRoutes.start, {
        body: { list, filter: query, format } as never,
        loading: false,
      });
      if (started.mode === 'direct') await direct();
      else setJobId(started.jobId);
    } catch {
      // The client showed why.
    } finally {
      setBusy(false);
    }
  };

  const main = (
    <Button icon={<DownloadOutlined />} loading={busy} onClick={() => void run()} data-testid="export-button">
      {busy ? t('export.running') : t('export.export')}
    </Button>
  );
  const button = list ? (
    <Space.Compact>
      {main}
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            { key: 'xlsx', label: t('export.asXlsx') },
            { key: 'csv', label: t('export.asCsv'), 'data-testid': 'export-csv' } as never,
          ],
          onClick: ({ key }) => void run(key as ExportFormat),
        }}
      >
        <Button
          icon={<DownOutlined />}
          disabled={busy}
          aria-label={t('export.formats')}
          data-testid="export-formats"
        />
      </Dropdown>
    </Space.Compact>
  ) : (
    main
  );
  return (
    <Auth permission={permission}>
      {button}
      <ExportProgress jobId={jobId} onClose={() => setJobId(null)} />
    </Auth>
  );
};

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
        <Progress percent={job?.percent ?? 0} status={status} />
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

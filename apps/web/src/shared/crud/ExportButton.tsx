import { DownloadOutlined, DownOutlined } from '@ant-design/icons';
import type { ExportFormat, ExportList } from '@cpm/contracts';
import { exportsRoutes } from '@cpm/contracts/routes';
import { Button, Dropdown, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, download } from '../../api/http';
import { Auth } from '../auth/Auth';
import { lazyNamed, MountOnceOpen } from '../MountOnceOpen';
import { testIdProps } from '../testId';
import type { ListFilter } from './listState';
import type { PermissionKeyLike } from './permission';

/** The progress dialog (with the job's live events and their contract check) loads with the first background export. */
const ExportProgress = lazyNamed(() => import('./ExportProgress').then((m) => m.ExportProgress));

export type ExportButtonProps = {
  /** The button's key; null where the list's own page already decides (a view without an export button key). */
  permission: PermissionKeyLike | null;
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
export const ExportButton = ({ permission, path, query, fileName, list }: ExportButtonProps) => {
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
            { key: 'csv', label: t('export.asCsv'), ...testIdProps('export-csv') },
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
  const shown = (
    <>
      {button}
      <MountOnceOpen open={jobId !== null}>
        <ExportProgress jobId={jobId} onClose={() => setJobId(null)} />
      </MountOnceOpen>
    </>
  );
  return permission === null ? shown : <Auth permission={permission}>{shown}</Auth>;
};

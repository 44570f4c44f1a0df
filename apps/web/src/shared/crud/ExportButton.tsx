import { DownloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { download } from '../../api/http';
import { Auth } from '../auth/Auth';
import type { ListFilter } from './listState';
import type { PermissionKeyLike } from './permission';

type Props = {
  permission: PermissionKeyLike;
  /** The list's own export endpoint (GET with the list's filter). */
  path: string;
  /** The filter in force, so the file holds what the list shows. */
  query: ListFilter;
  fileName: string;
};

/** Exports the rows matching the list's current filter. */
export const ExportButton = ({ permission, path, query, fileName }: Props) => {
  const { t } = useTranslation('crud');
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await download({ method: 'GET', path, query, fileName, loading: false });
    } catch {
      // The client showed why.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Auth permission={permission}>
      <Button
        icon={<DownloadOutlined />}
        loading={busy}
        onClick={() => void run()}
        data-testid="export-button"
      >
        {busy ? t('export.running') : t('export.export')}
      </Button>
    </Auth>
  );
};

import { appMarketRoutes } from '@cpm/contracts/routes';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/http';
import { queryKeys } from '../../../shared/crud';
import { PublisherAppList, useAppColumns } from '../components/PublisherAppList';
import { WindowsUploadModal } from '../components/WindowsUploadModal';

type Filter = { keyword?: string };

/** Windows programs (EXE, MSI or ZIP) with their own metadata, the same review and release (spec: /appMarket/windowsFile). */
export const WindowsFilePage = () => {
  const { t } = useTranslation('appmarket');
  const columns = useAppColumns().filter((c) => c.key !== 'type');
  return (
    <PublisherAppList<Filter>
      testId="windows-page"
      list={{
        queryKey: [...queryKeys.appMarket.all, 'windows'],
        filterKeys: ['keyword'],
        fetchPage: ({ current, size, keyword }) =>
          call(appMarketRoutes.mine, {
            query: { current, size, keyword, platform: 'windows' },
            loading: false,
          }),
      }}
      filters={[{ name: 'keyword', label: t('search') }]}
      columns={columns}
      permissions={{ edit: 'app:windows:edit', delete: 'app:windows:delete', upload: 'app:windows:upload' }}
      upload={{ label: t('uploadWindows'), testId: 'windows-upload-open', dialog: WindowsUploadModal }}
    />
  );
};

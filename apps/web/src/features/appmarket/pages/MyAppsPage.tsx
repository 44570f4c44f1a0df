import { ShopOutlined, StopOutlined } from '@ant-design/icons';
import type { AppRow } from '@cpm/contracts';
import { appMarketRoutes } from '@cpm/contracts/routes';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/http';
import { queryKeys, type RowAction, selectFilter } from '../../../shared/crud';
import { ApkUploadModal } from '../components/ApkUploadModal';
import { PublisherAppList, useAppColumns } from '../components/PublisherAppList';
import { useAppTypes } from '../hooks';

type Filter = { keyword?: string; type?: string; shelf?: 'launched' | 'unlaunched' };

/** A publisher's own Android apps in every state, with upload, edit, shelf and delete (spec: /appMarket/myApp). */
export const MyAppsPage = () => {
  const { t } = useTranslation('appmarket');
  const types = useAppTypes();
  const columns = useAppColumns();
  const shelfAction = (row: AppRow, refresh: () => Promise<unknown>): RowAction => {
    const shelf = (launched: boolean) =>
      call(appMarketRoutes.shelf, { body: { id: row.id, launched }, notifySuccess: true })
        .then(refresh)
        .catch(() => undefined);
    return row.shelf === 'launched'
      ? {
          key: 'unlaunch',
          label: t('unlaunch'),
          icon: <StopOutlined />,
          permission: 'app:app:shelf',
          danger: true,
          confirm: t('confirmUnlaunch', { name: row.name }),
          onClick: () => shelf(false),
        }
      : {
          key: 'launch',
          label: t('launch'),
          icon: <ShopOutlined />,
          permission: 'app:app:shelf',
          onClick: () => shelf(true),
        };
  };
  return (
    <PublisherAppList<Filter>
      testId="my-apps-page"
      list={{
        queryKey: [...queryKeys.appMarket.all, 'mine'],
        filterKeys: ['keyword', 'type', 'shelf'],
        fetchPage: ({ current, size, keyword, type, shelf }) =>
          call(appMarketRoutes.mine, {
            query: { current, size, keyword, type, shelf, platform: 'android' },
            loading: false,
          }),
      }}
      filters={[
        { name: 'keyword', label: t('search') },
        { name: 'type', label: t('type'), options: types.options },
        selectFilter('shelf', t('shelfState'), ['launched', 'unlaunched'], (s) => t(`shelf.${s}`)),
      ]}
      columns={columns}
      permissions={{ edit: 'app:mine:version', delete: 'app:mine:delete', upload: 'app:mine:upload' }}
      upload={{ label: t('uploadApk'), testId: 'apk-upload-open', dialog: ApkUploadModal }}
      moreActions={(row, refresh) => [shelfAction(row, refresh)]}
    />
  );
};

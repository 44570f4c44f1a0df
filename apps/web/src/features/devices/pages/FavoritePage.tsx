import type { TerminalRow } from '@cpm/contracts';
import { devicesRoutes } from '@cpm/contracts/routes';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { call } from '../../../api/http';
import { Auth } from '../../../shared/auth/Auth';
import { FLEET_QUERY_ROOT } from '../../../shared/live/useLiveEvents';
import { PageHeader } from '../../../shared/page/PageHeader';
import { type DataColumn, DataTable } from '../../../shared/table/DataTable';
import { OnlineState, StatusTag } from '../components/TerminalStatus';

/** The signed-in user's favourite terminals. */
export const FavoritePage = () => {
  const { t } = useTranslation('devices');
  const queryClient = useQueryClient();
  const [page, setPage] = useState({ current: 1, size: 14 });
  const [selected, setSelected] = useState<string[]>([]);
  const list = useQuery({
    queryKey: [FLEET_QUERY_ROOT, 'favorites', page],
    queryFn: () => call(devicesRoutes.favoritePage, { query: page, loading: false }),
    placeholderData: keepPreviousData,
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: [FLEET_QUERY_ROOT] });
  const columns: DataColumn<TerminalRow>[] = [
    {
      key: 'sn',
      title: t('sn'),
      dataIndex: 'sn',
      render: (v: string) => <Link to={`/device/deviceDetail/${v}`}>{v}</Link>,
    },
    { key: 'name', title: t('name'), dataIndex: 'name' },
    { key: 'online', title: t('onlineState'), render: (_, row) => <OnlineState row={row} /> },
    { key: 'status', title: t('statusLabel'), dataIndex: 'status', render: (s) => <StatusTag status={s} /> },
    { key: 'model', title: t('model'), dataIndex: 'modelName' },
    { key: 'group', title: t('group'), dataIndex: 'groupName' },
  ];
  return (
    <div className="cpm-page" data-testid="favorite-page">
      <PageHeader />
      <Card variant="borderless">
        <DataTable<TerminalRow>
          rowKey="sn"
          loading={list.isLoading}
          loadError={list.error}
          dataSource={list.data?.records ?? []}
          columns={columns}
          onRefresh={refresh}
          rowSelection={{ selectedRowKeys: selected, onChange: (k) => setSelected(k as string[]) }}
          paging={{
            ...page,
            total: list.data?.total ?? 0,
            onChange: (current, size) => setPage({ current, size }),
          }}
          toolbar={
            <Auth permission="device:favorite:favorite">
              <Button
                disabled={!selected.length}
                onClick={() =>
                  void call(devicesRoutes.favoriteToggle, {
                    body: { sns: selected, favorite: false },
                    notifySuccess: true,
                  }).then(() => {
                    setSelected([]);
                    refresh();
                  })
                }
              >
                {t('unfavorite')}
              </Button>
            </Auth>
          }
        />
      </Card>
    </div>
  );
};

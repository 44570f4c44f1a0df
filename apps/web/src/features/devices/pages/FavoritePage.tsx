import type { TerminalRow } from '@cpm/contracts';
import { devicesRoutes } from '@cpm/contracts/routes';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { call } from '../../../api/http';
import { ToolbarButton } from '../../../shared/crud';
import { CrudListView } from '../../../shared/crud/CrudListView';
import type { ListFilter } from '../../../shared/crud/listState';
import { useCrudList } from '../../../shared/crud/useCrudList';
import { FLEET_QUERY_ROOT } from '../../../shared/live/useLiveEvents';
import type { DataColumn } from '../../../shared/table/DataTable';
import { OnlineState, StatusTag } from '../components/TerminalStatus';

/** The signed-in user's favourite terminals. */
export const FavoritePage = () => {
  const { t } = useTranslation('devices');
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState<string[]>([]);
  const list = useCrudList<TerminalRow>({
    queryKey: [FLEET_QUERY_ROOT, 'favorites'],
    filterKeys: [],
    live: true,
    fetchPage: ({ current, size }) =>
      call(devicesRoutes.favoritePage, { query: { current, size }, loading: false }),
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
    <CrudListView<TerminalRow, ListFilter>
      testId="favorite-page"
      list={list}
      rowKey="sn"
      columns={columns}
      rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) }}
      toolbar={
        <ToolbarButton
          permission="device:favorite:favorite"
          label={t('unfavorite')}
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
        />
      }
    />
  );
};

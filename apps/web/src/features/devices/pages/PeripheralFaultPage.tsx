import { CheckOutlined } from '@ant-design/icons';
import { devicesEndpoints, type PeripheralFaultSchema } from '@cpm/contracts';
import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { call } from '../../../api/http';
import { BatchToolbar, FilterBar, queryKeys, useCrudList, useSelection } from '../../../shared/crud';
import { type DataColumn, DataTable } from '../../../shared/table/DataTable';
import { eventColumns, handledOptions } from '../components/eventColumns';

type Row = z.infer<typeof PeripheralFaultSchema>;
type Filter = { sn?: string; handled?: 'true' | 'false' };

/** Peripheral faults terminals reported, newest first; mark them handled. */
export const PeripheralFaultPage = () => {
  const { t } = useTranslation('devices');
  const list = useCrudList<Row, Filter>({
    queryKey: queryKeys.faults.all,
    filterKeys: ['sn', 'handled'],
    fetchPage: (q) =>
      call(devicesEndpoints.peripheralFaultPage, {
        query: { current: q.current, size: q.size, sn: q.sn, handled: q.handled },
        loading: false,
      }),
  });
  const selection = useSelection<Row>();
  const common = eventColumns<Row>(t);
  const columns: DataColumn<Row>[] = [
    common.sn,
    common.terminal,
    { key: 'peripheral', title: t('peripheral'), dataIndex: 'peripheralName' },
    {
      key: 'kind',
      title: t('kind'),
      dataIndex: 'kind',
      render: (k: string | null) => (k ? t(`kinds.${k}`) : '-'),
    },
    { key: 'detail', title: t('detail'), dataIndex: 'detail' },
    common.at,
    common.handled,
  ];
  return (
    <div className="cpm-page" data-testid="fault-page">
      <Card variant="borderless">
        <FilterBar<Filter>
          fields={[
            { name: 'sn', label: t('sn'), placeholder: t('snPrefix') },
            { name: 'handled', label: t('handled'), options: handledOptions(t) },
          ]}
          value={list.filter}
          onSearch={list.applyFilter}
          onReset={list.resetFilter}
        />
        <BatchToolbar
          selection={selection}
          onDone={() => void list.invalidate()}
          actions={[
            {
              key: 'handle',
              label: t('handle'),
              icon: <CheckOutlined />,
              permission: 'device:peripheralFault:handle',
              run: (ids) =>
                call(devicesEndpoints.peripheralFaultHandle, { body: { ids }, notifySuccess: true }),
            },
          ]}
        />
        <DataTable<Row>
          rowKey="id"
          loading={list.loading}
          dataSource={list.rows}
          columns={columns}
          onRefresh={list.refetch}
          rowSelection={selection.rowSelection}
          paging={list.paging}
          scroll={{ x: 'max-content' }}
        />
      </Card>
    </div>
  );
};

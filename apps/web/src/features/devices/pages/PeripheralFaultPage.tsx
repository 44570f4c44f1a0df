import { CheckOutlined } from '@ant-design/icons';
import type { PeripheralFaultSchema } from '@cpm/contracts';
import { devicesRoutes } from '@cpm/contracts/routes';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { call } from '../../../api/http';
import { CrudListView, queryKeys, useCrudList, useSelection } from '../../../shared/crud';
import type { DataColumn } from '../../../shared/table/DataTable';
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
      call(devicesRoutes.peripheralFaultPage, {
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
    <CrudListView<Row, Filter>
      testId="fault-page"
      list={list}
      filters={[
        { name: 'sn', label: t('sn'), placeholder: t('snPrefix') },
        { name: 'handled', label: t('handled'), options: handledOptions(t) },
      ]}
      columns={columns}
      batch={{
        selection,
        actions: [
          {
            key: 'handle',
            label: t('handle'),
            icon: <CheckOutlined />,
            permission: 'device:peripheralFault:handle',
            run: (ids) => call(devicesRoutes.peripheralFaultHandle, { body: { ids }, notifySuccess: true }),
          },
        ],
      }}
    />
  );
};

import type { PeripheralFaultSchema } from '@cpm/contracts';
import { devicesRoutes } from '@cpm/contracts/routes';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { call } from '../../../api/http';
import { queryKeys } from '../../../shared/crud';
import { handledOptions } from '../components/eventColumns';
import { HandledEventList } from '../components/HandledEventList';

type Row = z.infer<typeof PeripheralFaultSchema>;
type Filter = { sn?: string; handled?: 'true' | 'false' };

/** Peripheral faults terminals reported, newest first; mark them handled. */
export const PeripheralFaultPage = () => {
  const { t } = useTranslation('devices');
  return (
    <HandledEventList<Row, Filter>
      testId="fault-page"
      list={{
        queryKey: queryKeys.faults.all,
        filterKeys: ['sn', 'handled'],
        fetchPage: (q) =>
          call(devicesRoutes.peripheralFaultPage, {
            query: { current: q.current, size: q.size, sn: q.sn, handled: q.handled },
            loading: false,
          }),
      }}
      filters={[
        { name: 'sn', label: t('sn'), placeholder: t('snPrefix') },
        { name: 'handled', label: t('handled'), options: handledOptions(t) },
      ]}
      columns={[
        { key: 'peripheral', title: t('peripheral'), dataIndex: 'peripheralName' },
        {
          key: 'kind',
          title: t('kind'),
          dataIndex: 'kind',
          render: (k: string | null) => (k ? t(`kinds.${k}`) : '-'),
        },
        { key: 'detail', title: t('detail'), dataIndex: 'detail' },
      ]}
      handle={{
        permission: 'device:peripheralFault:handle',
        run: (ids) => call(devicesRoutes.peripheralFaultHandle, { body: { ids }, notifySuccess: true }),
      }}
    />
  );
};

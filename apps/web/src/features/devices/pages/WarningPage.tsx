import { WARNING_KINDS, type WarningSchema } from '@cpm/contracts';
import { devicesRoutes } from '@cpm/contracts/routes';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { call } from '../../../api/http';
import { queryKeys, selectFilter } from '../../../shared/crud';
import { handledOptions } from '../components/eventColumns';
import { HandledEventList } from '../components/HandledEventList';

type Row = z.infer<typeof WarningSchema>;
type Filter = { kind?: (typeof WARNING_KINDS)[number]; handled?: 'true' | 'false' };

/** Early warnings: offline too long, low battery, abnormal peripherals, with who was alerted. */
export const WarningPage = () => {
  const { t } = useTranslation('devices');
  return (
    <HandledEventList<Row, Filter>
      testId="warning-page"
      list={{
        queryKey: queryKeys.warnings.all,
        filterKeys: ['kind', 'handled'],
        fetchPage: (q) =>
          call(devicesRoutes.warningPage, {
            query: { current: q.current, size: q.size, kind: q.kind, handled: q.handled },
            loading: false,
          }),
      }}
      filters={[
        selectFilter('kind', t('warningKind'), WARNING_KINDS, (k) => t(`warnings.${k}`), 180),
        { name: 'handled', label: t('handled'), options: handledOptions(t) },
      ]}
      columns={[
        {
          key: 'kind',
          title: t('warningKind'),
          dataIndex: 'kind',
          render: (k: string) => <Tag color="warning">{t(`warnings.${k}`)}</Tag>,
        },
        { key: 'detail', title: t('detail'), dataIndex: 'detail' },
        { key: 'alerted', title: t('alerted'), dataIndex: 'alerted', render: (a: string[]) => a.join(', ') },
      ]}
      handle={{
        permission: 'device:warning:handle',
        run: (ids) => call(devicesRoutes.warningHandle, { body: { ids }, notifySuccess: true }),
      }}
    />
  );
};

import { devicesRoutes } from '@cpm/contracts/routes';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call, upload } from '../../../api/http';
import { Auth } from '../../../shared/auth/Auth';
import { CrudListView } from '../../../shared/crud/CrudListView';
import { ExcelImport } from '../../../shared/crud/ExcelImport';
import { useCrudList } from '../../../shared/crud/useCrudList';
import { FLEET_QUERY_ROOT } from '../../../shared/live/useLiveEvents';
import type { DataColumn } from '../../../shared/table/DataTable';
import { timeColumn } from '../../../shared/table/timeColumn';
import { StatusTag } from '../components/TerminalStatus';

type Row = {
  id: string;
  sn: string;
  modelName: string | null;
  status: 'warehoused' | 'shipped' | 'activated' | 'loggedOff';
  ownerName: string | null;
  productionDate: string | null;
  shippingDate: string | null;
  createdAt: string;
};

/** Factory exit records: SN lists imported from Excel create warehoused or shipped terminals. */
export const ExitRecordPage = () => {
  const { t } = useTranslation('devices');
  const queryClient = useQueryClient();
  const list = useCrudList<Row, { sn?: string }>({
    queryKey: [FLEET_QUERY_ROOT, 'exit'],
    filterKeys: ['sn'],
    live: true,
    fetchPage: ({ current, size, sn }) =>
      call(devicesRoutes.exitRecordPage, { query: { current, size, sn }, loading: false }),
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: [FLEET_QUERY_ROOT] });
  const columns: DataColumn<Row>[] = [
    { key: 'sn', title: t('sn'), dataIndex: 'sn' },
    { key: 'model', title: t('model'), dataIndex: 'modelName' },
    { key: 'status', title: t('statusLabel'), dataIndex: 'status', render: (s) => <StatusTag status={s} /> },
    { key: 'owner', title: t('enterprise'), dataIndex: 'ownerName' },
    { key: 'productionDate', title: t('productionDate'), dataIndex: 'productionDate' },
    { key: 'shippingDate', title: t('shippingDate'), dataIndex: 'shippingDate' },
    timeColumn('createdAt', t('createdAt')),
  ];
  return (
    <CrudListView<Row, { sn?: string }>
      testId="exit-record-page"
      list={list}
      filters={[{ name: 'sn', label: t('sn'), placeholder: t('snPrefix') }]}
      columns={columns}
      toolbar={
        <Auth permission="device:exit:import">
          <ExcelImport
            templatePath={devicesRoutes.exitRecordTemplate.path}
            templateFileName="exit-record-template.xlsx"
            upload={(file) => upload(devicesRoutes.exitRecordImport, file)}
            onImported={refresh}
            fieldLabels={{
              sn: t('sn'),
              model: t('model'),
              status: t('statusLabel'),
              productionDate: t('productionDate'),
              shippingDate: t('shippingDate'),
            }}
          />
        </Auth>
      }
    />
  );
};

import { devicesRoutes } from '@cpm/contracts/routes';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Card, Input, Space } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, upload } from '../../../api/http';
import { Auth } from '../../../shared/auth/Auth';
import { ExcelImport } from '../../../shared/crud/ExcelImport';
import { FLEET_QUERY_ROOT } from '../../../shared/live/useLiveEvents';
import { PageHeader } from '../../../shared/page/PageHeader';
import { type DataColumn, DataTable } from '../../../shared/table/DataTable';
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
  const [page, setPage] = useState({ current: 1, size: 14 });
  const [sn, setSn] = useState<string>();
  const list = useQuery({
    queryKey: [FLEET_QUERY_ROOT, 'exit', page, sn],
    queryFn: () => call(devicesRoutes.exitRecordPage, { query: { ...page, sn }, loading: false }),
    placeholderData: keepPreviousData,
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: [FLEET_QUERY_ROOT] });
  const columns: DataColumn<Row>[] = [
    { key: 'sn', title: t('sn'), dataIndex: 'sn' },
    { key: 'model', title: t('model'), dataIndex: 'modelName' },
    { key: 'status', title: t('statusLabel'), dataIndex: 'status', render: (s) => <StatusTag status={s} /> },
    { key: 'owner', title: t('enterprise'), dataIndex: 'ownerName' },
    { key: 'productionDate', title: t('productionDate'), dataIndex: 'productionDate' },
    { key: 'shippingDate', title: t('shippingDate'), dataIndex: 'shippingDate' },
    {
      key: 'createdAt',
      title: t('createdAt'),
      dataIndex: 'createdAt',
      render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm'),
    },
  ];
  return (
    <div className="cpm-page" data-testid="exit-record-page">
      <PageHeader />
      <Card variant="borderless">
        <DataTable<Row>
          rowKey="id"
          loading={list.isLoading}
          loadError={list.error}
          dataSource={list.data?.records ?? []}
          columns={columns}
          onRefresh={refresh}
          paging={{
            ...page,
            total: list.data?.total ?? 0,
            onChange: (current, size) => setPage({ current, size }),
          }}
          toolbar={
            <Space wrap>
              <Input.Search
                allowClear
                placeholder={t('snPrefix')}
                style={{ width: 200 }}
                onSearch={(v) => setSn(v || undefined)}
              />
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
            </Space>
          }
        />
      </Card>
    </div>
  );
};

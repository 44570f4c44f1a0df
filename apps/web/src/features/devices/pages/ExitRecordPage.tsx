import { UploadOutlined } from '@ant-design/icons';
import { devicesEndpoints, type ImportReport } from '@cpm/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Input, Modal, Space, Table, Upload } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, download } from '../../../api/http';
import { Auth } from '../../../shared/auth/Auth';
import { FLEET_QUERY_ROOT } from '../../../shared/live/useLiveEvents';
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

const toBase64 = (file: File) =>
  file.arrayBuffer().then((buf) => {
    let binary = '';
    const bytes = new Uint8Array(buf);
    for (let i = 0; i < bytes.length; i += 0x8000)
      binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(binary);
  });

/** Factory exit records: SN lists imported from Excel create warehoused or shipped terminals. */
export const ExitRecordPage = () => {
  const { t, i18n } = useTranslation('devices');
  const queryClient = useQueryClient();
  const [page, setPage] = useState({ current: 1, size: 14 });
  const [sn, setSn] = useState<string>();
  const [report, setReport] = useState<ImportReport | null>(null);
  const list = useQuery({
    queryKey: [FLEET_QUERY_ROOT, 'exit', page, sn],
    queryFn: () => call(devicesEndpoints.exitRecordPage, { query: { ...page, sn }, loading: false }),
    placeholderData: keepPreviousData,
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: [FLEET_QUERY_ROOT] });
  const importFile = async (file: File) => {
    const result = await call(devicesEndpoints.exitRecordImport, {
      body: { fileName: file.name, content: await toBase64(file) },
    });
    setReport(result);
    if (result.ok) refresh();
  };
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
      <Card variant="borderless">
        <DataTable<Row>
          rowKey="id"
          loading={list.isLoading}
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
                <Button
                  onClick={() =>
                    void download({
                      method: 'GET',
                      path: devicesEndpoints.exitRecordTemplate.path,
                      fileName: 'exit-record-template.xlsx',
                    })
                  }
                >
                  {t('template')}
                </Button>
                <Upload
                  accept=".xlsx"
                  showUploadList={false}
                  beforeUpload={(file) => {
                    void importFile(file);
                    return false;
                  }}
                >
                  <Button type="primary" icon={<UploadOutlined />}>
                    {t('import')}
                  </Button>
                </Upload>
              </Auth>
            </Space>
          }
        />
      </Card>
      <Modal
        open={report !== null}
        title={t('importReport')}
        footer={null}
        onCancel={() => setReport(null)}
        width={640}
      >
        {report?.ok ? (
          <Alert type="success" showIcon message={t('imported', { count: report.imported })} />
        ) : (
          <>
            <Alert type="error" showIcon message={t('importRefused')} style={{ marginBottom: 12 }} />
            <Table
              size="small"
              rowKey={(r) => `${r.row}-${r.field}`}
              pagination={false}
              dataSource={report?.errors ?? []}
              columns={[
                { title: t('row'), dataIndex: 'row' },
                { title: t('field'), dataIndex: 'field' },
                { title: t('problem'), render: (_, r) => (i18n.language === 'zh' ? r.message : r.messageEn) },
              ]}
            />
          </>
        )}
      </Modal>
    </div>
  );
};

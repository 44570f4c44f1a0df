import { devicesEndpoints, WARNING_KINDS } from '@cpm/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Select, Space, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { call } from '../../../api/http';
import { Auth } from '../../../shared/auth/Auth';
import { FLEET_QUERY_ROOT } from '../../../shared/live/useLiveEvents';
import { type DataColumn, DataTable } from '../../../shared/table/DataTable';

type Row = {
  id: string;
  sn: string;
  terminalName: string;
  kind: (typeof WARNING_KINDS)[number];
  detail: string | null;
  at: string;
  alerted: string[];
  handled: boolean;
};

/** Early warnings: offline too long, low battery, abnormal peripherals, with who was alerted. */
export const WarningPage = () => {
  const { t } = useTranslation('devices');
  const queryClient = useQueryClient();
  const [page, setPage] = useState({ current: 1, size: 14 });
  const [kind, setKind] = useState<string>();
  const [selected, setSelected] = useState<string[]>([]);
  const list = useQuery({
    queryKey: [FLEET_QUERY_ROOT, 'warnings', page, kind],
    queryFn: () => call(devicesEndpoints.warningPage, { query: { ...page, kind } as never, loading: false }),
    placeholderData: keepPreviousData,
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: [FLEET_QUERY_ROOT] });
  const columns: DataColumn<Row>[] = [
    {
      key: 'sn',
      title: t('sn'),
      dataIndex: 'sn',
      render: (v: string) => <Link to={`/device/deviceDetail/${v}`}>{v}</Link>,
    },
    { key: 'terminal', title: t('name'), dataIndex: 'terminalName' },
    {
      key: 'kind',
      title: t('warningKind'),
      dataIndex: 'kind',
      render: (k: string) => <Tag color="warning">{t(`warnings.${k}`)}</Tag>,
    },
    { key: 'detail', title: t('detail'), dataIndex: 'detail' },
    { key: 'alerted', title: t('alerted'), dataIndex: 'alerted', render: (a: string[]) => a.join(', ') },
    {
      key: 'at',
      title: t('time'),
      dataIndex: 'at',
      render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm:ss'),
    },
    {
      key: 'handled',
      title: t('handled'),
      dataIndex: 'handled',
      render: (h: boolean) => (
        <Tag color={h ? 'green' : 'orange'}>{h ? t('handledYes') : t('handledNo')}</Tag>
      ),
    },
  ];
  return (
    <div className="cpm-page" data-testid="warning-page">
      <Card variant="borderless">
        <DataTable<Row>
          rowKey="id"
          loading={list.isLoading}
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
            <Space wrap>
              <Select
                allowClear
                placeholder={t('warningKind')}
                style={{ width: 180 }}
                onChange={setKind}
                options={WARNING_KINDS.map((k) => ({ value: k, label: t(`warnings.${k}`) }))}
              />
              <Auth permission="device:warning:handle">
                <Button
                  type="primary"
                  disabled={!selected.length}
                  onClick={() =>
                    void call(devicesEndpoints.warningHandle, {
                      body: { ids: selected },
                      notifySuccess: true,
                    }).then(() => {
                      setSelected([]);
                      refresh();
                    })
                  }
                >
                  {t('handle')}
                </Button>
              </Auth>
            </Space>
          }
        />
      </Card>
    </div>
  );
};

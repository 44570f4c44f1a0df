import { devicesEndpoints } from '@cpm/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Input, Select, Space, Tag } from 'antd';
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
  peripheralName: string;
  kind: string | null;
  detail: string | null;
  at: string;
  handled: boolean;
};

/** Peripheral faults terminals reported, newest first; mark them handled. */
export const PeripheralFaultPage = () => {
  const { t } = useTranslation('devices');
  const queryClient = useQueryClient();
  const [page, setPage] = useState({ current: 1, size: 14 });
  const [sn, setSn] = useState<string>();
  const [handled, setHandled] = useState<string>();
  const [selected, setSelected] = useState<string[]>([]);
  const list = useQuery({
    queryKey: [FLEET_QUERY_ROOT, 'faults', page, sn, handled],
    queryFn: () =>
      call(devicesEndpoints.peripheralFaultPage, {
        query: { ...page, sn, handled } as never,
        loading: false,
      }),
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
    { key: 'peripheral', title: t('peripheral'), dataIndex: 'peripheralName' },
    {
      key: 'kind',
      title: t('kind'),
      dataIndex: 'kind',
      render: (k: string | null) => (k ? t(`kinds.${k}`) : '-'),
    },
    { key: 'detail', title: t('detail'), dataIndex: 'detail' },
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
    <div className="cpm-page" data-testid="fault-page">
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
              <Input.Search
                allowClear
                placeholder={t('snPrefix')}
                style={{ width: 200 }}
                onSearch={(v) => setSn(v || undefined)}
              />
              <Select
                allowClear
                placeholder={t('handled')}
                style={{ width: 140 }}
                onChange={setHandled}
                options={[
                  { value: 'false', label: t('handledNo') },
                  { value: 'true', label: t('handledYes') },
                ]}
              />
              <Auth permission="device:peripheralFault:handle">
                <Button
                  type="primary"
                  disabled={!selected.length}
                  onClick={() =>
                    void call(devicesEndpoints.peripheralFaultHandle, {
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

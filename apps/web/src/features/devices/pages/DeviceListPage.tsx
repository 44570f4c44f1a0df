import {
  DeleteOutlined,
  DownloadOutlined,
  PlusOutlined,
  StarOutlined,
  SwapOutlined,
} from '@ant-design/icons';
import { TERMINAL_STATUSES, type TerminalFilter, type TerminalRow } from '@cpm/contracts';
import { devicesRoutes } from '@cpm/contracts/routes';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Input, Modal, Select, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { call, download, upload } from '../../../api/http';
import { Auth } from '../../../shared/auth/Auth';
import { ExcelImport } from '../../../shared/crud/ExcelImport';
import { useFleetOptions } from '../../../shared/dicts/useFleetOptions';
import { FLEET_QUERY_ROOT } from '../../../shared/live/useLiveEvents';
import { PageHeader } from '../../../shared/page/PageHeader';
import { type DataColumn, DataTable } from '../../../shared/table/DataTable';
import { AddDeviceDialog } from '../components/AddDeviceDialog';
import { OnlineState, StatusTag } from '../components/TerminalStatus';
import { useTerminalFilters } from '../hooks/useTerminalFilters';

type FilterForm = Omit<TerminalFilter, 'online'> & { online?: 'true' | 'false' };

/** My devices: filters, the terminal list (live), add, edit, move, delete, favourite, import and export. */
export const DeviceListPage = () => {
  const { t } = useTranslation('devices');
  const queryClient = useQueryClient();
  const { filter, page, setFilter, setPage } = useTerminalFilters();
  const [selected, setSelected] = useState<string[]>([]);
  const [dialog, setDialog] = useState<{ open: boolean; editing: TerminalRow | null }>({
    open: false,
    editing: null,
  });
  const [moveOpen, setMoveOpen] = useState(false);
  const [moveGroup, setMoveGroup] = useState<string>();
  const query = { ...filter, current: page.current, size: page.size };
  const list = useQuery({
    queryKey: [FLEET_QUERY_ROOT, 'terminals', query],
    queryFn: () =>
      call(devicesRoutes.terminalPage, {
        query: { ...query, online: filter.online === undefined ? undefined : String(filter.online) } as never,
        loading: false,
      }),
    placeholderData: keepPreviousData,
  });
  const options = useFleetOptions();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: [FLEET_QUERY_ROOT] });

  const onSearch = (v: FilterForm) =>
    setFilter({
      ...Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined && x !== '')),
      online: v.online === undefined ? undefined : v.online === 'true',
    } as TerminalFilter);

  const remove = () =>
    Modal.confirm({
      title: t('confirmDelete', { count: selected.length }),
      okButtonProps: { danger: true },
      onOk: async () => {
        await call(devicesRoutes.terminalDelete, { body: { sns: selected }, notifySuccess: true });
        setSelected([]);
        refresh();
      },
    });
  const favorite = async () => {
    await call(devicesRoutes.favoriteToggle, {
      body: { sns: selected, favorite: true },
      notifySuccess: true,
    });
  };
  const move = async () => {
    if (!moveGroup) return;
    await call(devicesRoutes.terminalMove, {
      body: { sns: selected, groupId: moveGroup },
      notifySuccess: true,
    });
    setMoveOpen(false);
    refresh();
  };
  const exportFile = () =>
    download({
      method: 'GET',
      path: devicesRoutes.terminalExport.path,
      query: { ...filter, online: filter.online === undefined ? undefined : String(filter.online) },
      fileName: `terminals-${dayjs().format('YYYYMMDD-HHmm')}.xlsx`,
    });

  const columns: DataColumn<TerminalRow>[] = [
    {
      key: 'sn',
      title: t('sn'),
      dataIndex: 'sn',
      fixed: 'left',
      render: (sn: string) => (
        <Link to={`/device/deviceDetail/${sn}`} data-testid={`terminal-link-${sn}`}>
          {sn}
        </Link>
      ),
    },
    { key: 'name', title: t('name'), dataIndex: 'name' },
    { key: 'online', title: t('onlineState'), render: (_, row) => <OnlineState row={row} /> },
    { key: 'status', title: t('statusLabel'), dataIndex: 'status', render: (s) => <StatusTag status={s} /> },
    { key: 'model', title: t('model'), dataIndex: 'modelName' },
    { key: 'owner', title: t('enterprise'), dataIndex: 'ownerName' },
    { key: 'group', title: t('group'), dataIndex: 'groupName' },
    { key: 'store', title: t('storeName'), dataIndex: 'storeName' },
    {
      key: 'battery',
      title: t('battery'),
      dataIndex: 'battery',
      render: (b: number | null) => (b === null ? '-' : `${b}%`),
    },
    { key: 'ip', title: 'IP', dataIndex: 'ip' },
    { key: 'mac', title: t('mac'), dataIndex: 'mac' },
    {
      key: 'lastSeen',
      title: t('lastSeen'),
      dataIndex: 'lastSeenAt',
      render: (v: string | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm:ss') : '-'),
    },
    {
      key: 'actions',
      title: t('actions'),
      fixed: 'right',
      render: (_, row) => (
        <Auth permission="device:terminal:edit">
          <Button type="link" size="small" onClick={() => setDialog({ open: true, editing: row })}>
            {t('edit')}
          </Button>
        </Auth>
      ),
    },
  ];

  return (
    <div className="cpm-page" data-testid="device-list-page">
      <PageHeader />
      <Card variant="borderless">
        <Form<FilterForm>
          layout="inline"
          onFinish={onSearch}
          className="cpm-filter-form"
          style={{ rowGap: 12 }}
        >
          <Form.Item name="sn" label={t('sn')}>
            <Input allowClear placeholder={t('snPrefix')} data-testid="filter-sn" />
          </Form.Item>
          <Form.Item name="name" label={t('name')}>
            <Input allowClear />
          </Form.Item>
          <Form.Item name="status" label={t('statusLabel')}>
            <Select
              allowClear
              style={{ width: 140 }}
              options={TERMINAL_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
            />
          </Form.Item>
          <Form.Item name="online" label={t('onlineState')}>
            <Select
              allowClear
              style={{ width: 120 }}
              data-testid="filter-online"
              options={[
                { value: 'true', label: t('online') },
                { value: 'false', label: t('offline') },
              ]}
            />
          </Form.Item>
          <Form.Item name="modelId" label={t('model')}>
            <Select allowClear style={{ width: 140 }} options={options.models} />
          </Form.Item>
          <Form.Item name="groupId" label={t('group')}>
            <Select allowClear style={{ width: 160 }} options={options.groups} />
          </Form.Item>
          <Form.Item name="storeName" label={t('storeName')}>
            <Input allowClear />
          </Form.Item>
          <Form.Item name="ownerId" label={t('enterprise')}>
            <Select allowClear style={{ width: 160 }} options={options.owners} />
          </Form.Item>
          <Form.Item>
            <Space>
              <Button type="primary" htmlType="submit" data-testid="filter-search">
                {t('search')}
              </Button>
              <Button htmlType="reset" onClick={() => setFilter({})}>
                {t('reset')}
              </Button>
            </Space>
          </Form.Item>
        </Form>
      </Card>
      <Card variant="borderless">
        <DataTable<TerminalRow>
          rowKey="sn"
          loading={list.isLoading}
          loadError={list.error}
          dataSource={list.data?.records ?? []}
          columns={columns}
          rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as string[]) }}
          rowClassName={(row) => (row.longOffline ? 'cpm-row-long-offline' : '')}
          onRefresh={refresh}
          paging={{ current: page.current, size: page.size, total: list.data?.total ?? 0, onChange: setPage }}
          toolbar={
            <Space wrap>
              {list.data?.totalCapped && (
                <Tag color="processing">{t('moreThan', { count: list.data.total })}</Tag>
              )}
              <Auth permission="device:terminal:add">
                <Button
                  type="primary"
                  icon={<PlusOutlined />}
                  onClick={() => setDialog({ open: true, editing: null })}
                  data-testid="add-device"
                >
                  {t('add')}
                </Button>
              </Auth>
              <Auth permission="device:terminal:move">
                <Button
                  icon={<SwapOutlined />}
                  disabled={!selected.length}
                  onClick={() => setMoveOpen(true)}
                  data-testid="terminal-move"
                >
                  {t('move')}
                </Button>
              </Auth>
              <Auth permission="device:favorite:favorite">
                <Button icon={<StarOutlined />} disabled={!selected.length} onClick={() => void favorite()}>
                  {t('favorite')}
                </Button>
              </Auth>
              <Auth permission="device:terminal:delete">
                <Button danger icon={<DeleteOutlined />} disabled={!selected.length} onClick={remove}>
                  {t('delete')}
                </Button>
              </Auth>
              <Auth permission="device:terminal:import">
                <ExcelImport
                  templatePath={devicesRoutes.terminalTemplate.path}
                  templateFileName="terminal-template.xlsx"
                  upload={(file) => upload(devicesRoutes.terminalImport, file)}
                  onImported={refresh}
                  fieldLabels={Object.fromEntries(
                    (['sn', 'name', 'model', 'group', 'storeName', 'mac', 'password'] as const).map((k) => [
                      k,
                      t(k),
                    ]),
                  )}
                  testId="import-devices"
                />
              </Auth>
              <Auth permission="device:terminal:export">
                <Button icon={<DownloadOutlined />} onClick={() => void exportFile()}>
                  {t('export')}
                </Button>
              </Auth>
            </Space>
          }
        />
      </Card>
      <AddDeviceDialog
        open={dialog.open}
        editing={dialog.editing}
        onClose={() => setDialog({ open: false, editing: null })}
        onSaved={() => {
          setDialog({ open: false, editing: null });
          refresh();
        }}
      />
      <Modal
        open={moveOpen}
        title={t('move')}
        onCancel={() => setMoveOpen(false)}
        onOk={() => void move()}
        okText={t('save')}
        okButtonProps={{ disabled: !moveGroup }}
        cancelText={t('cancel')}
      >
        <Form layout="vertical" data-testid="move-form">
          <Typography.Paragraph type="secondary">
            {t('moveSelected', { count: selected.length })}
          </Typography.Paragraph>
          <Form.Item label={t('moveTarget')} htmlFor="move-group" required>
            <Select
              id="move-group"
              showSearch
              optionFilterProp="label"
              placeholder={t('moveTargetPlaceholder')}
              value={moveGroup}
              onChange={setMoveGroup}
              options={options.groups}
            />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
};

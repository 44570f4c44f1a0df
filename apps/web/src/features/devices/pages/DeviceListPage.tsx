import {
  CloseOutlined,
  DeleteOutlined,
  DownloadOutlined,
  StarOutlined,
  SwapOutlined,
} from '@ant-design/icons';
import { TERMINAL_STATUSES, type TerminalFilter, type TerminalRow } from '@cpm/contracts';
import { devicesRoutes } from '@cpm/contracts/routes';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Modal, Skeleton, Space, Tag } from 'antd';
import dayjs from 'dayjs';
import { type ComponentType, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { call, download, upload } from '../../../api/http';
import { Auth } from '../../../shared/auth/Auth';
import { selectFilter, ToolbarButton } from '../../../shared/crud';
import { AddButton } from '../../../shared/crud/AddButton';
import { CrudListView } from '../../../shared/crud/CrudListView';
import { ExcelImport } from '../../../shared/crud/ExcelImport';
import { type ListPage, useCrudList } from '../../../shared/crud/useCrudList';
import { useFleetOptions } from '../../../shared/dicts/useFleetOptions';
import { FLEET_QUERY_ROOT } from '../../../shared/live/useLiveEvents';
import type { DataColumn } from '../../../shared/table/DataTable';
import { timeColumn } from '../../../shared/table/timeColumn';
import { AddDeviceDialog } from '../components/AddDeviceDialog';
import { MoveDialog } from '../components/MoveDialog';
import { OnlineState, StatusTag } from '../components/TerminalStatus';

/** The filters as the address holds them; the online state as the contract's `true` / `false` text. */
type Filter = { [K in Exclude<keyof TerminalFilter, 'online' | 'longOffline'>]?: TerminalFilter[K] } & {
  online?: 'true' | 'false';
};

/** The terminal page also says when it stopped counting. */
type TerminalPage = ListPage<TerminalRow> & { totalCapped: boolean };

const FILTER_KEYS = ['sn', 'name', 'status', 'online', 'modelId', 'groupId', 'storeName', 'ownerId'] as const;

/**
 * What other domains offer for the selected terminals (push an app, run a command, reboot, remote
 * desktop). The router fills it in, so this feature imports no other.
 */
export type DeviceListSlots = {
  BulkActions: ComponentType<{ terminals: Pick<TerminalRow, 'sn' | 'online' | 'platform'>[] }>;
};

/**
 * My devices: filters, the terminal list (live), add, edit, move, delete, favourite, import, export
 * and the other domains' actions for the selected terminals.
 */
export const DeviceListPage = ({ slots }: { slots: DeviceListSlots }) => {
  const { BulkActions } = slots;
  const { t } = useTranslation('devices');
  const { t: tc } = useTranslation('crud');
  const queryClient = useQueryClient();
  // The rows themselves are kept, since the actions depend on their state and platform.
  const [selectedRows, setSelectedRows] = useState<TerminalRow[]>([]);
  const selected = selectedRows.map((r) => r.sn);
  const [dialog, setDialog] = useState<{ open: boolean; editing: TerminalRow | null }>({
    open: false,
    editing: null,
  });
  const [moveOpen, setMoveOpen] = useState(false);
  const list = useCrudList<TerminalRow, Filter, TerminalPage>({
    queryKey: [FLEET_QUERY_ROOT, 'terminals'],
    filterKeys: FILTER_KEYS,
    live: true,
    fetchPage: ({ sort: _sort, ...query }) => call(devicesRoutes.terminalPage, { query, loading: false }),
  });
  const options = useFleetOptions();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: [FLEET_QUERY_ROOT] });

  const remove = () =>
    Modal.confirm({
      title: t('confirmDelete', { count: selected.length }),
      okButtonProps: { danger: true },
      onOk: async () => {
        await call(devicesRoutes.terminalDelete, { body: { sns: selected }, notifySuccess: true });
        setSelectedRows([]);
        refresh();
      },
    });
  const favorite = async () => {
    await call(devicesRoutes.favoriteToggle, {
      body: { sns: selected, favorite: true },
      notifySuccess: true,
    });
  };
  const exportFile = () =>
    download({
      method: 'GET',
      path: devicesRoutes.terminalExport.path,
      query: list.filter,
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
    // The version each terminal's agent reports in its hello: where a staged agent update has reached.
    {
      key: 'agentVersion',
      title: t('agentVersion'),
      dataIndex: 'agentVersion',
      render: (v: string | null) => v ?? '-',
    },
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
    timeColumn('lastSeen', t('lastSeen'), { field: 'lastSeenAt', seconds: true }),
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
    <CrudListView<TerminalRow, Filter>
      testId="device-list-page"
      list={list}
      rowKey="sn"
      filters={[
        { name: 'sn', label: t('sn'), placeholder: t('snPrefix') },
        { name: 'name', label: t('name') },
        selectFilter('status', t('statusLabel'), TERMINAL_STATUSES, (s) => t(`status.${s}`), 140),
        {
          name: 'online',
          label: t('onlineState'),
          width: 120,
          options: [
            { value: 'true', label: t('online') },
            { value: 'false', label: t('offline') },
          ],
        },
        { name: 'modelId', label: t('model'), width: 140, options: options.models },
        { name: 'groupId', label: t('group'), options: options.groups },
        { name: 'storeName', label: t('storeName') },
        { name: 'ownerId', label: t('enterprise'), options: options.owners },
      ]}
      columns={columns}
      rowSelection={{
        selectedRowKeys: selected,
        preserveSelectedRowKeys: true,
        onChange: (_, rows) => setSelectedRows(rows.filter(Boolean)),
      }}
      rowClassName={(row) => (row.longOffline ? 'cpm-row-long-offline' : '')}
      toolbar={
        <Flex vertical gap={8} align="flex-start">
          {selected.length > 0 && (
            <div className="cpm-batch-toolbar cpm-device-bulk" role="toolbar" data-testid="device-bulk-bar">
              <strong data-testid="device-bulk-count">
                {tc('batch.selected', { count: selected.length })}
              </strong>
              <Suspense fallback={<Skeleton.Button active size="small" />}>
                <BulkActions terminals={selectedRows.map((r) => list.rows.find((x) => x.sn === r.sn) ?? r)} />
              </Suspense>
              <Button
                size="small"
                type="text"
                icon={<CloseOutlined />}
                onClick={() => setSelectedRows([])}
                data-testid="device-bulk-clear"
              >
                {tc('batch.clear')}
              </Button>
            </div>
          )}
          <Space wrap>
            {list.page?.totalCapped && (
              <Tag color="processing">{t('moreThan', { count: list.page.total })}</Tag>
            )}
            <AddButton
              permission="device:terminal:add"
              label={t('add')}
              onClick={() => setDialog({ open: true, editing: null })}
              testId="add-device"
            />
            <ToolbarButton
              permission="device:terminal:move"
              label={t('move')}
              icon={<SwapOutlined />}
              disabled={!selected.length}
              onClick={() => setMoveOpen(true)}
              testId="terminal-move"
            />
            <ToolbarButton
              permission="device:favorite:favorite"
              label={t('favorite')}
              icon={<StarOutlined />}
              disabled={!selected.length}
              onClick={() => void favorite()}
            />
            <ToolbarButton
              permission="device:terminal:delete"
              label={t('delete')}
              danger
              icon={<DeleteOutlined />}
              disabled={!selected.length}
              onClick={remove}
            />
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
            <ToolbarButton
              permission="device:terminal:export"
              label={t('export')}
              icon={<DownloadOutlined />}
              onClick={() => void exportFile()}
            />
          </Space>
        </Flex>
      }
    >
      <AddDeviceDialog
        open={dialog.open}
        editing={dialog.editing}
        onClose={() => setDialog({ open: false, editing: null })}
        onSaved={() => {
          setDialog({ open: false, editing: null });
          refresh();
        }}
      />
      <MoveDialog
        sns={selected}
        open={moveOpen}
        onClose={() => setMoveOpen(false)}
        onMoved={() => {
          setMoveOpen(false);
          refresh();
        }}
      />
    </CrudListView>
  );
};

import { UnorderedListOutlined } from '@ant-design/icons';
import type { WhitelistEntry, WhitelistRow } from '@cpm/contracts';
import { whitelistRoutes } from '@cpm/contracts/routes';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Badge, Button, Drawer, Input, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/http';
import { usePermission } from '../../../shared/auth/usePermission';
import type { DialogProps } from '../../../shared/crud';
import {
  AddButton,
  actionsColumn,
  CrudField,
  CrudFormModal,
  CrudListView,
  deleteAction,
  editAction,
  lazySchema,
  useCrudList,
  useDialogRecord,
} from '../../../shared/crud';
import type { DataColumn } from '../../../shared/table/DataTable';
import { SnListInput, useTypedSnsRule } from '../components/SnListInput';
import { taskKeys } from '../taskKeys';
import '../tasks.css';
import { fixedPaging, readRows } from '../../../shared/table/readRows';
import { timeColumn } from '../../../shared/table/timeColumn';

/** The form's contract loads when the form first opens (with zod), not with the list. */
const whitelistSaveSchema = lazySchema(() =>
  import('@cpm/contracts/tasks/whitelist.contract').then((m) => m.WhitelistSaveSchema),
);

type Filter = { name?: string };
type Editing = { id?: string; name?: string; description?: string; sns: string[] };

const ENTRY_PAGE = 20;

/** The SNs on one whitelist, by SN prefix; the user may take some off. */
const EntriesDrawer = ({ list, onClose, onSaved }: DialogProps<{ list: WhitelistRow | null }>) => {
  const { t } = useTranslation('tasks');
  const can = usePermission();
  const [sn, setSn] = useState('');
  const [current, setCurrent] = useState(1);
  const [picked, setPicked] = useState<string[]>([]);
  const entries = useQuery({
    queryKey: [...taskKeys.whitelists, 'entries', list?.id, sn, current],
    enabled: list !== null,
    placeholderData: keepPreviousData,
    queryFn: () =>
      call(whitelistRoutes.entries, {
        query: { id: list?.id as string, sn: sn || undefined, current, size: ENTRY_PAGE },
        loading: false,
      }),
  });
  const remove = async () => {
    if (!list) return;
    await call(whitelistRoutes.removeSns, { body: { id: list.id, sns: picked }, notifySuccess: true });
    setPicked([]);
    void entries.refetch();
    onSaved();
  };
  return (
    <Drawer
      open={list !== null}
      title={list?.name}
      width="min(640px, 100vw)"
      onClose={() => {
        setPicked([]);
        setSn('');
        setCurrent(1);
        onClose();
      }}
      destroyOnHidden
      data-testid="whitelist-entries"
    >
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          placeholder={t('whitelist.snPrefix')}
          onSearch={(v) => {
            setSn(v.trim());
            setCurrent(1);
          }}
          style={{ width: 220 }}
          data-testid="whitelist-entries-search"
        />
        {can('task:whitelist:delete') && picked.length > 0 && (
          <Button
            danger
            onClick={() => void remove().catch(() => undefined)}
            data-testid="whitelist-remove-sns"
          >
            {t('whitelist.removeSns', { count: picked.length })}
          </Button>
        )}
      </Space>
      <Table<WhitelistEntry>
        size="small"
        scroll={{ x: 'max-content' }}
        rowKey="sn"
        loading={entries.isFetching}
        {...readRows(entries.data?.records, entries)}
        rowSelection={
          can('task:whitelist:delete')
            ? { selectedRowKeys: picked, onChange: (keys) => setPicked(keys.map(String)) }
            : undefined
        }
        pagination={fixedPaging(current, ENTRY_PAGE, entries.data?.total, setCurrent)}
        columns={[
          { title: t('results.sn'), dataIndex: 'sn' },
          {
            title: t('results.terminal'),
            dataIndex: 'terminalName',
            render: (name: string | null, e) =>
              name === null ? (
                <Typography.Text type="secondary">{t('whitelist.unknownTerminal')}</Typography.Text>
              ) : (
                <Space size={6}>
                  <Badge status={e.online ? 'success' : 'default'} />
                  {name}
                </Space>
              ),
          },
          timeColumn('addedAt', t('whitelist.addedAt')),
        ]}
      />
    </Drawer>
  );
};

/** Whitelists (spec: /longRange/whitelist, hidden): named SN lists a task can be narrowed to. */
export const WhitelistPage = () => {
  const { t } = useTranslation('tasks');
  const can = usePermission();
  const editing = useDialogRecord<Editing>(() => list.invalidate());
  const [shown, setShown] = useState<WhitelistRow | null>(null);
  const typedSns = useTypedSnsRule('sns');
  const list = useCrudList<WhitelistRow, Filter>({
    queryKey: taskKeys.whitelists,
    filterKeys: ['name'],
    fetchPage: ({ current, size, name }) =>
      call(whitelistRoutes.page, { query: { current, size, name }, loading: false }),
  });
  const columns: DataColumn<WhitelistRow>[] = [
    {
      key: 'name',
      title: t('whitelist.name'),
      dataIndex: 'name',
      render: (name: string, row) => (
        <Typography.Link onClick={() => setShown(row)} data-testid="whitelist-name">
          {name}
        </Typography.Link>
      ),
    },
    { key: 'description', title: t('whitelist.description'), dataIndex: 'description', ellipsis: true },
    {
      key: 'size',
      title: t('whitelist.sizeLabel'),
      dataIndex: 'size',
      render: (n: number) => <span data-testid="whitelist-size">{n.toLocaleString('en-US')}</span>,
    },
    { key: 'activeTasks', title: t('whitelist.activeTasks'), dataIndex: 'activeTasks' },
    timeColumn('updatedAt', t('whitelist.updatedAt')),
    actionsColumn(
      t('fields.actions'),
      (row) => [
        {
          key: 'entries',
          label: t('whitelist.entries'),
          icon: <UnorderedListOutlined />,
          onClick: () => setShown(row),
        },
        editAction(t('whitelist.edit'), 'task:whitelist:add', () =>
          editing.show({ id: row.id, name: row.name, description: row.description, sns: [] }),
        ),
        {
          ...deleteAction(
            t('actions.delete'),
            'task:whitelist:delete',
            t('whitelist.confirmDelete', { name: row.name }),
            () =>
              call(whitelistRoutes.remove, { body: { id: row.id }, notifySuccess: true }).then(
                list.invalidate,
              ),
          ),
          hidden: row.activeTasks > 0,
        },
      ],
      { fixed: 'right' },
    ),
  ];
  return (
    <CrudListView<WhitelistRow, Filter>
      testId="whitelist-page"
      list={list}
      filters={[{ name: 'name', label: t('whitelist.name') }]}
      columns={columns}
      toolbar={
        <AddButton
          permission="task:whitelist:add"
          label={t('whitelist.add')}
          onClick={() => editing.show({ sns: [] })}
          testId="whitelist-add"
        />
      }
    >
      <CrudFormModal
        open={editing.record !== null}
        title={editing.record?.id ? t('whitelist.edit') : t('whitelist.add')}
        schema={whitelistSaveSchema}
        initialValues={editing.record ?? undefined}
        onSubmit={(body) => call(whitelistRoutes.save, { body, notifySuccess: true })}
        onClose={editing.close}
        onSaved={editing.saved}
        conflictField="name"
        width={640}
        testId="whitelist-form"
      >
        <CrudField name="name" label={t('whitelist.name')}>
          <Input data-testid="whitelist-field-name" />
        </CrudField>
        <CrudField name="description" label={t('whitelist.description')}>
          <Input.TextArea rows={2} />
        </CrudField>
        <CrudField
          name="sns"
          label={editing.record?.id ? t('whitelist.addSns') : t('whitelist.sns')}
          extra={t('targets.snsHint')}
          rules={[typedSns.rule]}
        >
          <SnListInput typed={typedSns.typed} canImport={can('task:create:add')} />
        </CrudField>
      </CrudFormModal>
      <EntriesDrawer list={shown} onClose={() => setShown(null)} onSaved={() => void list.invalidate()} />
    </CrudListView>
  );
};

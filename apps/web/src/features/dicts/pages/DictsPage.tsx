import { UnorderedListOutlined } from '@ant-design/icons';
import type { DictItem, DictRow } from '@cpm/contracts';
import { dictsRoutes } from '@cpm/contracts/routes';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Drawer, Input, InputNumber, Space, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/http';
import {
  AddButton,
  actionsColumn,
  CrudField,
  CrudFormModal,
  CrudListView,
  DictTag,
  deleteAction,
  editAction,
  lazySchema,
  queryKeys,
  useCrudList,
} from '../../../shared/crud';
import { type DataColumn, DataTable } from '../../../shared/table/DataTable';
import { queryTableState } from '../../../shared/table/readRows';

/** The form's contract loads when the form first opens (with zod), not with the list. */
const dictSaveSchema = lazySchema(() =>
  import('@cpm/contracts/dicts/dicts.contract').then((m) => m.DictSaveSchema),
);
const dictItemSaveSchema = lazySchema(() =>
  import('@cpm/contracts/dicts/dicts.contract').then((m) => m.DictItemSaveSchema),
);

const NEW = { enabled: true, sort: 0 };

/** Dictionary management (`/user/dicInfo`): dictionaries and their items in both languages. */
export const DictsPage = () => {
  const { t, i18n } = useTranslation('accounts');
  const zh = i18n.language === 'zh';
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<DictRow | null | undefined>(undefined);
  const [open, setOpen] = useState<DictRow | null>(null);
  const [item, setItem] = useState<DictItem | null | undefined>(undefined);
  const list = useCrudList<DictRow, { keyword?: string }>({
    queryKey: queryKeys.dicts.all,
    filterKeys: ['keyword'],
    fetchPage: ({ current, size, keyword }) =>
      call(dictsRoutes.page, { query: { current, size, keyword }, loading: false }),
  });
  const items = useQuery({
    queryKey: [...queryKeys.dicts.items, open?.id],
    queryFn: () => call(dictsRoutes.items, { query: { dictId: open?.id ?? '' }, loading: false }),
    enabled: open !== null,
  });
  const changed = () => {
    void list.invalidate();
    void queryClient.invalidateQueries({ queryKey: queryKeys.dicts.bundle });
  };

  const editDelete = (onEdit: () => void, remove: () => Promise<unknown>) => [
    editAction(t('actions.edit'), 'user:dict:edit', onEdit),
    deleteAction(t('actions.delete'), 'user:dict:delete', t('actions.deleteConfirm'), () =>
      remove().then(changed),
    ),
  ];

  const columns: DataColumn<DictRow>[] = [
    { key: 'name', title: t('dict.name'), render: (_, d) => (zh ? d.name : d.englishName) },
    { key: 'code', title: t('dict.code'), dataIndex: 'code' },
    { key: 'items', title: t('dict.itemCount'), dataIndex: 'itemCount' },
    {
      key: 'enabled',
      title: t('user.status'),
      render: (_, d) => <DictTag dict="enabled_status" value={d.enabled} />,
    },
    { key: 'description', title: t('user.description'), dataIndex: 'description' },
    actionsColumn(t('common.actions'), (d) => [
      {
        key: 'items',
        label: t('dict.items'),
        icon: <UnorderedListOutlined />,
        onClick: () => setOpen(d),
      },
      ...editDelete(
        () => setEditing(d),
        () => call(dictsRoutes.remove, { query: { id: d.id }, notifySuccess: true }),
      ),
    ]),
  ];

  const itemColumns: DataColumn<DictItem>[] = [
    { key: 'label', title: t('dict.label'), dataIndex: 'label' },
    { key: 'englishName', title: t('menu.englishName'), dataIndex: 'englishName' },
    { key: 'value', title: t('dict.value'), dataIndex: 'value' },
    { key: 'sort', title: t('menu.sort'), dataIndex: 'sort' },
    {
      key: 'enabled',
      title: t('dict.usable'),
      render: (_, i) => <DictTag dict="enabled_status" value={i.enabled} />,
    },
    actionsColumn(t('common.actions'), (i) =>
      editDelete(
        () => setItem(i),
        () =>
          call(dictsRoutes.removeItem, { query: { id: i.id }, notifySuccess: true }).then(() =>
            items.refetch(),
          ),
      ),
    ),
  ];

  return (
    <CrudListView<DictRow, { keyword?: string }>
      testId="dicts-page"
      list={list}
      filters={[{ name: 'keyword', label: t('dict.search') }]}
      columns={columns}
      toolbar={
        <AddButton permission="user:dict:add" label={t('dict.add')} onClick={() => setEditing(null)} />
      }
    >
      <CrudFormModal
        open={editing !== undefined}
        title={editing ? t('dict.edit') : t('dict.add')}
        schema={dictSaveSchema}
        initialValues={editing ? { ...editing, description: editing.description ?? undefined } : NEW}
        conflictField="code"
        testId="dict-form"
        onClose={() => setEditing(undefined)}
        onSubmit={(v) => call(dictsRoutes.save, { body: { ...v, id: editing?.id }, notifySuccess: true })}
        onSaved={() => {
          setEditing(undefined);
          changed();
        }}
      >
        <CrudField name="code" label={t('dict.code')} extra={t('dict.codeRule')}>
          <Input />
        </CrudField>
        <CrudField name="name" label={t('dict.name')}>
          <Input />
        </CrudField>
        <CrudField name="englishName" label={t('menu.englishName')}>
          <Input />
        </CrudField>
        <CrudField name="description" label={t('user.description')}>
          <Input.TextArea rows={2} />
        </CrudField>
        <Space size="large">
          <CrudField name="sort" label={t('menu.sort')}>
            <InputNumber />
          </CrudField>
          <CrudField name="enabled" label={t('user.enabled')} valuePropName="checked">
            <Switch />
          </CrudField>
        </Space>
      </CrudFormModal>
      <Drawer
        open={open !== null}
        onClose={() => setOpen(null)}
        size="large"
        title={open ? `${zh ? open.name : open.englishName} (${open.code})` : ''}
        extra={
          <AddButton permission="user:dict:add" label={t('dict.addItem')} onClick={() => setItem(null)} />
        }
      >
        <DataTable<DictItem>
          rowKey="id"
          columns={itemColumns}
          dataSource={items.data ?? []}
          {...queryTableState(items)}
        />
      </Drawer>
      <CrudFormModal
        open={item !== undefined}
        title={item ? t('dict.editItem') : t('dict.addItem')}
        schema={dictItemSaveSchema}
        initialValues={item ?? NEW}
        conflictField="value"
        testId="dict-item-form"
        onClose={() => setItem(undefined)}
        onSubmit={(v) =>
          call(dictsRoutes.saveItem, {
            body: { ...v, id: item?.id, dictId: open?.id ?? '' },
            notifySuccess: true,
          })
        }
        onSaved={() => {
          setItem(undefined);
          changed();
          void items.refetch();
        }}
      >
        <CrudField name="label" label={t('dict.label')}>
          <Input />
        </CrudField>
        <CrudField name="englishName" label={t('menu.englishName')}>
          <Input />
        </CrudField>
        <CrudField name="value" label={t('dict.value')}>
          <Input />
        </CrudField>
        <Space size="large">
          <CrudField name="sort" label={t('menu.sort')}>
            <InputNumber />
          </CrudField>
          <CrudField name="enabled" label={t('dict.usable')} valuePropName="checked">
            <Switch />
          </CrudField>
        </Space>
      </CrudFormModal>
    </CrudListView>
  );
};

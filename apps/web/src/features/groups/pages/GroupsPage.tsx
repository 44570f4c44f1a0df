import { DragOutlined, PlusOutlined } from '@ant-design/icons';
import type { GroupNode } from '@cpm/contracts';
import { groupsRoutes } from '@cpm/contracts/routes';
import { Input, InputNumber, Modal, Row, Select, TreeSelect, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/http';
import {
  AddButton,
  actionsColumn,
  CrudFormModal,
  CrudListView,
  deleteAction,
  editAction,
  GridField,
  lazySchema,
  queryKeys,
  useCrudTree,
  useDialogRecord,
} from '../../../shared/crud';
import { useDict } from '../../../shared/dicts/useDict';
import type { DataColumn } from '../../../shared/table/DataTable';
import { groupZones, timeZoneOptions } from '../../../shared/time/timeZones';
import { TreePicker } from '../../../shared/tree/TreePicker';
import { parentGroupIds, toTreeSelect } from '../../../shared/tree/treeData';

/** The form's contract loads when the form first opens (with zod), not with the list. */
const groupSaveSchema = lazySchema(() =>
  import('@cpm/contracts/groups/groups.contract').then((m) => m.GroupSaveSchema),
);

type Editing = { group: GroupNode | null; parentId: string | null };
type Filter = { keyword?: string };

/** Device groups (`/user/equipment`): the terminal-group tree, with add, edit, move and delete. */
export const GroupsPage = () => {
  const { t } = useTranslation('accounts');
  const types = useDict('group_type');
  const editing = useDialogRecord<Editing>(() => refresh());
  const [moving, setMoving] = useState<GroupNode | null>(null);
  const [moveTo, setMoveTo] = useState<string | null>(null);
  const tree = useCrudTree<GroupNode, Filter>({
    queryKey: queryKeys.groups.all,
    filterKeys: ['keyword'],
    fetchTree: ({ keyword }) =>
      call(groupsRoutes.tree, { query: keyword ? { keyword } : {}, loading: false }),
  });
  const refresh = tree.refetch;
  // The tree opens fully, also for groups that arrive later (a search, a new sub-group); only the
  // groups the user folded stay folded.
  const [folded, setFolded] = useState<ReadonlySet<string>>(new Set());
  const parents = useMemo(() => parentGroupIds(tree.rows), [tree.rows]);
  const zones = useMemo(() => groupZones(tree.rows), [tree.rows]);
  const fold = (id: string, expanded: boolean) =>
    setFolded((prev) => {
      const next = new Set(prev);
      if (expanded) next.delete(id);
      else next.add(id);
      return next;
    });

  const columns: DataColumn<GroupNode>[] = [
    { key: 'name', title: t('group.name'), dataIndex: 'name' },
    { key: 'number', title: t('group.number'), dataIndex: 'number' },
    { key: 'type', title: t('group.type'), render: (_, g) => types.label(g.type) },
    { key: 'areaCode', title: t('group.areaCode'), dataIndex: 'areaCode' },
    { key: 'address', title: t('group.address'), dataIndex: 'address' },
    { key: 'contact', title: t('group.contact'), dataIndex: 'contact' },
    { key: 'phone', title: t('group.phone'), dataIndex: 'phone' },
    {
      key: 'timeZone',
      title: t('group.timeZone'),
      render: (_, g) => {
        const z = zones.get(g.id);
        if (!z) return null;
        return z.inherited ? (
          <Typography.Text type="secondary">{t('group.timeZoneInherited', { zone: z.zone })}</Typography.Text>
        ) : (
          z.zone
        );
      },
    },
    actionsColumn(
      t('common.actions'),
      (g) => [
        {
          key: 'add-child',
          label: t('group.addChild'),
          icon: <PlusOutlined />,
          permission: 'user:group:add',
          onClick: () => editing.show({ group: null, parentId: g.id }),
        },
        editAction(t('actions.edit'), 'user:group:edit', () =>
          editing.show({ group: g, parentId: g.parentId }),
        ),
        {
          key: 'move',
          label: t('group.move'),
          icon: <DragOutlined />,
          permission: 'user:group:move',
          onClick: () => {
            setMoveTo(g.parentId);
            setMoving(g);
          },
        },
        deleteAction(t('actions.delete'), 'user:group:delete', t('actions.deleteConfirm'), () =>
          call(groupsRoutes.remove, { query: { id: g.id }, notifySuccess: true }).then(refresh),
        ),
      ],
      { inline: 4 },
    ),
  ];

  const parentOptions = toTreeSelect(tree.rows, editing.record?.group?.id);
  return (
    <CrudListView<GroupNode, Filter>
      testId="groups-page"
      list={tree}
      filters={[{ name: 'keyword', label: t('group.search') }]}
      columns={columns}
      expandable={{
        childrenColumnName: 'children',
        expandedRowKeys: parents.filter((id) => !folded.has(id)),
        onExpand: (expanded, g) => fold(g.id, expanded),
      }}
      scroll={{ x: 1000 }}
      toolbar={
        <AddButton
          permission="user:group:add"
          label={t('group.add')}
          onClick={() => editing.show({ group: null, parentId: null })}
          testId="group-add"
        />
      }
    >
      <CrudFormModal
        open={editing.record !== null}
        title={editing.record?.group ? t('group.edit') : t('group.add')}
        schema={groupSaveSchema}
        initialValues={
          editing.record?.group
            ? { ...editing.record.group, timeZone: editing.record.group.timeZone ?? undefined }
            : { parentId: editing.record?.parentId ?? undefined, type: 'store', sort: 0 }
        }
        conflictField="number"
        width={640}
        testId="group-form"
        onClose={editing.close}
        onSubmit={(values) =>
          call(groupsRoutes.save, {
            body: { ...values, id: editing.record?.group?.id, parentId: values.parentId ?? null },
            notifySuccess: true,
          })
        }
        onSaved={editing.saved}
      >
        <Row gutter={16}>
          <GridField name="name" label={t('group.name')}>
            <Input data-testid="group-name" />
          </GridField>
          <GridField name="number" label={t('group.number')}>
            <Input data-testid="group-number" />
          </GridField>
          <GridField name="type" label={t('group.type')}>
            <Select options={types.options} />
          </GridField>
          <GridField name="parentId" label={t('group.parent')}>
            <TreePicker treeData={parentOptions} />
          </GridField>
          <GridField name="areaCode" label={t('group.areaCode')}>
            <Input />
          </GridField>
          <GridField name="sort" label={t('menu.sort')}>
            <InputNumber style={{ width: '100%' }} />
          </GridField>
          <GridField span="full" name="address" label={t('group.address')}>
            <Input />
          </GridField>
          <GridField name="contact" label={t('group.contact')}>
            <Input />
          </GridField>
          <GridField name="phone" label={t('group.phone')}>
            <Input />
          </GridField>
          <GridField name="timeZone" label={t('group.timeZone')}>
            <Select
              showSearch
              allowClear
              optionFilterProp="label"
              data-testid="group-zone"
              placeholder={t('group.timeZoneInherit')}
              options={timeZoneOptions()}
            />
          </GridField>
        </Row>
      </CrudFormModal>
      <Modal
        open={moving !== null}
        title={t('group.moveTitle', { name: moving?.name ?? '' })}
        onCancel={() => setMoving(null)}
        okText={t('group.move')}
        cancelText={t('actions.cancel')}
        onOk={async () => {
          try {
            await call(groupsRoutes.move, {
              body: { id: moving?.id ?? '', parentId: moveTo },
              notifySuccess: true,
            });
            setMoving(null);
            refresh();
          } catch {
            // The client showed why.
          }
        }}
        destroyOnHidden
      >
        <TreeSelect
          style={{ width: '100%' }}
          allowClear
          placeholder={t('group.topLevel')}
          treeDefaultExpandAll
          value={moveTo ?? undefined}
          onChange={(v) => setMoveTo((v as string | undefined) ?? null)}
          treeData={toTreeSelect(tree.rows, moving?.id)}
        />
      </Modal>
    </CrudListView>
  );
};

import { ApartmentOutlined, EyeOutlined, NodeIndexOutlined } from '@ant-design/icons';
import type { PolicyDetail, PolicyRow } from '@cpm/contracts';
import { policiesRoutes } from '@cpm/contracts/routes';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/http';
import { AddButton } from '../../../shared/crud/AddButton';
import { CrudListView } from '../../../shared/crud/CrudListView';
import { queryKeys } from '../../../shared/crud/queryKeys';
import { actionsColumn, deleteAction, editAction } from '../../../shared/crud/RowActions';
import { useCrudList } from '../../../shared/crud/useCrudList';
import { useSessionStore } from '../../../shared/session/sessionStore';
import type { DataColumn } from '../../../shared/table/DataTable';
import { AssignDialog } from '../components/AssignDialog';
import { PolicyDrawer } from '../components/PolicyDrawer';
import { PolicyEditor } from '../components/PolicyEditor';

type Filter = { name?: string };

/** Configuration policies (`/device/policies`): desired state, versions, assignments and compliance. */
export const PoliciesPage = () => {
  const { t } = useTranslation('policies');
  const userId = useSessionStore((s) => s.user?.id ?? null);
  const [editing, setEditing] = useState<PolicyDetail | null | undefined>(undefined);
  const [open, setOpen] = useState<PolicyRow | null>(null);
  const [assigning, setAssigning] = useState<PolicyRow | null>(null);
  const list = useCrudList<PolicyRow, Filter>({
    queryKey: queryKeys.policies.all,
    filterKeys: ['name'],
    fetchPage: ({ sort: _sort, ...query }) => call(policiesRoutes.page, { query }),
  });
  const edit = async (r: PolicyRow) => setEditing(await call(policiesRoutes.get, { query: { id: r.id } }));
  const assignToMine = (r: PolicyRow) =>
    userId &&
    call(policiesRoutes.assign, {
      body: { id: r.id, targets: [{ kind: 'account', id: userId }] },
      notifySuccess: true,
    })
      .catch(() => undefined)
      .then(() => list.refetch());

  const columns: DataColumn<PolicyRow>[] = [
    { key: 'name', title: t('name'), dataIndex: 'name', fixed: 'left' },
    { key: 'version', title: t('version'), render: (_, r) => `v${r.version}` },
    {
      key: 'fields',
      title: t('fieldCount'),
      render: (_, r) => t('fieldSummary', { count: r.fieldCount, locked: r.lockedCount }),
    },
    { key: 'assignments', title: t('assignments'), dataIndex: 'assignmentCount' },
    { key: 'updatedBy', title: t('updatedBy'), dataIndex: 'updatedByName' },
    { key: 'updatedAt', title: t('updatedAt'), render: (_, r) => new Date(r.updatedAt).toLocaleString() },
    actionsColumn(
      t('actions'),
      (r) => [
        { key: 'open', label: t('open'), icon: <EyeOutlined />, onClick: () => setOpen(r) },
        {
          key: 'assign',
          label: t('assignMine'),
          icon: <ApartmentOutlined />,
          permission: 'device:policy:edit',
          confirm: t('assignMineConfirm'),
          onClick: () => void assignToMine(r),
        },
        {
          key: 'assignTo',
          label: t('assignTo'),
          icon: <NodeIndexOutlined />,
          permission: 'device:policy:edit',
          onClick: () => setAssigning(r),
        },
        editAction(t('edit'), 'device:policy:edit', () => void edit(r).catch(() => undefined)),
        deleteAction(t('delete'), 'device:policy:delete', t('deleteConfirm'), () =>
          call(policiesRoutes.remove, { body: { id: r.id }, notifySuccess: true })
            .catch(() => undefined)
            .then(() => list.refetch()),
        ),
      ],
      { fixed: 'right', width: 150 },
    ),
  ];

  return (
    <CrudListView<PolicyRow, Filter>
      testId="policies-page"
      list={list}
      filters={[{ name: 'name', label: t('name') }]}
      columns={columns}
      scroll={{ x: 1000 }}
      toolbar={
        <AddButton
          permission="device:policy:add"
          label={t('add')}
          onClick={() => setEditing(null)}
          testId="policy-add"
        />
      }
    >
      {editing !== undefined && (
        <PolicyEditor
          open
          policy={editing}
          onClose={() => setEditing(undefined)}
          onSaved={() => {
            setEditing(undefined);
            list.invalidate();
          }}
        />
      )}
      <PolicyDrawer policy={open} onClose={() => setOpen(null)} />
      <AssignDialog
        policy={assigning}
        onClose={() => setAssigning(null)}
        onSaved={() => {
          setAssigning(null);
          list.invalidate();
        }}
      />
    </CrudListView>
  );
};

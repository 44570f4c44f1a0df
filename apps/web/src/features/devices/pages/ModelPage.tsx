import type { ModelSchema } from '@cpm/contracts';
import { devicesRoutes } from '@cpm/contracts/routes';
import { Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
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
  useDialogRecord,
} from '../../../shared/crud';
import type { DataColumn } from '../../../shared/table/DataTable';
import { timeColumn } from '../../../shared/table/timeColumn';

/** The form's contract loads when the form first opens (with zod), not with the list. */
const modelSaveSchema = lazySchema(() =>
  import('@cpm/contracts/devices/models.contract').then((m) => m.ModelSaveSchema),
);

type DeviceModel = z.infer<typeof ModelSchema>;
type Filter = { name?: string };

/** Terminal models: name, description, state. */
export const ModelPage = () => {
  const { t } = useTranslation('devices');
  const editing = useDialogRecord<Partial<DeviceModel>>(() => list.invalidate());
  const list = useCrudList<DeviceModel, Filter>({
    queryKey: queryKeys.models.all,
    filterKeys: ['name'],
    fetchPage: ({ current, size, name }) =>
      call(devicesRoutes.modelPage, { query: { current, size, name }, loading: false }),
  });
  const columns: DataColumn<DeviceModel>[] = [
    {
      key: 'name',
      title: t('modelName'),
      dataIndex: 'name',
      sorter: true,
      sortOrder: list.sortOrderOf('name'),
    },
    { key: 'description', title: t('description'), dataIndex: 'description' },
    { key: 'state', title: t('state'), render: (_, m) => <DictTag dict="enabled_status" value={m.state} /> },
    {
      key: 'terminalCount',
      title: t('terminalCount'),
      dataIndex: 'terminalCount',
      sorter: true,
      sortOrder: list.sortOrderOf('terminalCount'),
    },
    timeColumn('createdAt', t('createdAt')),
    actionsColumn(t('actions'), (row) => [
      editAction(t('edit'), 'device:model:edit', () => editing.show(row)),
      deleteAction(t('delete'), 'device:model:delete', t('confirmDeleteOne'), () =>
        call(devicesRoutes.modelDelete, { body: { id: row.id }, notifySuccess: true }).then(list.invalidate),
      ),
    ]),
  ];
  return (
    <CrudListView<DeviceModel, Filter>
      testId="model-page"
      list={list}
      filters={[{ name: 'name', label: t('modelName') }]}
      columns={columns}
      localSort
      toolbar={
        <AddButton
          permission="device:model:add"
          label={t('addEntry')}
          onClick={() => editing.show({})}
          testId="model-add"
        />
      }
    >
      <CrudFormModal
        open={editing.record !== null}
        title={editing.record?.id ? t('edit') : t('addEntry')}
        schema={modelSaveSchema}
        initialValues={
          editing.record?.id
            ? {
                name: editing.record.name,
                description: editing.record.description ?? undefined,
                state: editing.record.state ? 1 : 0,
              }
            : { state: 1 }
        }
        conflictField="name"
        testId="model-form"
        onClose={editing.close}
        onSubmit={(values) =>
          call(devicesRoutes.modelSave, {
            body: { ...values, id: editing.record?.id },
            notifySuccess: true,
          })
        }
        onSaved={editing.saved}
      >
        <CrudField name="name" label={t('modelName')}>
          <Input data-testid="model-name" />
        </CrudField>
        <CrudField name="description" label={t('description')}>
          <Input.TextArea />
        </CrudField>
        <CrudField name="state" label={t('state')}>
          <Select
            options={[
              { value: 1, label: t('enabled') },
              { value: 0, label: t('disabled') },
            ]}
          />
        </CrudField>
      </CrudFormModal>
    </CrudListView>
  );
};

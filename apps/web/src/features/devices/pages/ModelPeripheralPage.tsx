import type { ModelPeripheralSchema } from '@cpm/contracts';
import { devicesRoutes } from '@cpm/contracts/routes';
import { useQuery } from '@tanstack/react-query';
import { Select, Switch, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { call } from '../../../api/http';
import {
  AddButton,
  actionsColumn,
  CrudField,
  CrudFormModal,
  CrudListView,
  deleteAction,
  lazySchema,
  ModelSelect,
  queryKeys,
  useCrudList,
  useModelOptions,
} from '../../../shared/crud';
import type { DataColumn } from '../../../shared/table/DataTable';

/** The form's contract loads when the form first opens (with zod), not with the list. */
const modelPeripheralSaveSchema = lazySchema(() =>
  import('@cpm/contracts/devices/models.contract').then((m) => m.ModelPeripheralSaveSchema),
);

type Row = z.infer<typeof ModelPeripheralSchema>;
type Filter = { modelId?: string };

/** Which peripherals each model is expected to carry. */
export const ModelPeripheralPage = () => {
  const { t } = useTranslation('devices');
  const [open, setOpen] = useState(false);
  const list = useCrudList<Row, Filter>({
    queryKey: queryKeys.modelPeripherals.all,
    filterKeys: ['modelId'],
    fetchPage: ({ current, size, modelId }) =>
      call(devicesRoutes.modelPeripheralPage, { query: { current, size, modelId }, loading: false }),
  });
  const modelOptions = useModelOptions('id').options;
  const peripherals = useQuery({
    queryKey: queryKeys.peripherals.all,
    queryFn: () => call(devicesRoutes.peripheralList, { loading: false }),
  });
  const columns: DataColumn<Row>[] = [
    { key: 'model', title: t('model'), dataIndex: 'modelName' },
    { key: 'peripheral', title: t('peripheral'), dataIndex: 'peripheralName' },
    {
      key: 'required',
      title: t('required'),
      dataIndex: 'required',
      render: (r: boolean) => <Tag color={r ? 'blue' : 'default'}>{r ? t('yes') : t('no')}</Tag>,
    },
    actionsColumn(t('actions'), (row) => [
      deleteAction(t('delete'), 'device:modelPeripheral:delete', t('confirmDeleteOne'), () =>
        call(devicesRoutes.modelPeripheralDelete, {
          body: { id: row.id },
          notifySuccess: true,
        }).then(list.invalidate),
      ),
    ]),
  ];
  return (
    <CrudListView<Row, Filter>
      testId="model-peripheral-page"
      list={list}
      filters={[{ name: 'modelId', label: t('model'), options: modelOptions, width: 200 }]}
      columns={columns}
      toolbar={
        <AddButton
          permission="device:modelPeripheral:add"
          label={t('addEntry')}
          onClick={() => setOpen(true)}
        />
      }
    >
      <CrudFormModal
        open={open}
        title={t('addEntry')}
        schema={modelPeripheralSaveSchema}
        initialValues={{ required: true }}
        conflictField="peripheralId"
        testId="model-peripheral-form"
        onClose={() => setOpen(false)}
        onSubmit={(values) => call(devicesRoutes.modelPeripheralSave, { body: values, notifySuccess: true })}
        onSaved={() => {
          setOpen(false);
          void list.invalidate();
        }}
      >
        <CrudField name="modelId" label={t('model')}>
          <ModelSelect />
        </CrudField>
        <CrudField name="peripheralId" label={t('peripheral')}>
          <Select
            showSearch
            optionFilterProp="label"
            options={(peripherals.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
          />
        </CrudField>
        <CrudField name="required" label={t('required')} valuePropName="checked">
          <Switch />
        </CrudField>
      </CrudFormModal>
    </CrudListView>
  );
};

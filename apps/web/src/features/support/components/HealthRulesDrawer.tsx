import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { HARDWARE_PERIPHERAL_TYPE, HEALTH_ACTIONS, type HealthRule } from '@cpm/contracts';
import { supportRoutes } from '@cpm/contracts/routes';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Drawer, Input, InputNumber, Select, Switch, Table, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/http';
import {
  actionsColumn,
  CrudField,
  CrudFormModal,
  lazySchema,
  queryKeys,
  useDialogRecord,
} from '../../../shared/crud';
import { useDict } from '../../../shared/dicts/useDict';
import { readRows } from '../../../shared/table/readRows';
import { faultColumns } from './orderColumns';

/** The form's contract loads when the form first opens (with zod), not with the list. */
const healthRuleSaveSchema = lazySchema(() =>
  import('@cpm/contracts/support/health.contract').then((m) => m.HealthRuleSaveSchema),
);

const key = [...queryKeys.supportOrders.all, 'health-rules'];

/** `90 min`, `24 h`: a rule's window as people say it. */
const windowLabel = (minutes: number, t: TFunction<'support'>) =>
  minutes % 60 === 0 ? t('rules.hours', { count: minutes / 60 }) : t('rules.minutes', { count: minutes });

/**
 * Peripheral health rules: per peripheral type, how many faults of one terminal's peripheral within
 * a window open a draft order or propose an inspection. Everyone with the button reads them; only
 * platform administrators' changes are accepted.
 */
export const HealthRulesDrawer = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const { t } = useTranslation('support');
  const faults = useDict('fault_type');
  const priorities = useDict('order_priority');
  const client = useQueryClient();
  const editing = useDialogRecord<Partial<HealthRule>>(() => refresh());
  const rules = useQuery({
    queryKey: key,
    enabled: open,
    queryFn: () => call(supportRoutes.ruleList, { loading: false }),
  });
  const refresh = () => client.invalidateQueries({ queryKey: key });
  return (
    <Drawer
      open={open}
      onClose={onClose}
      width="min(960px, 100vw)"
      title={t('rules.title')}
      destroyOnHidden
      data-testid="health-rules"
      extra={
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() =>
            editing.show({
              threshold: 3,
              windowMinutes: 1440,
              action: 'order',
              priority: 'normal',
              enabled: true,
            })
          }
          data-testid="health-rule-add"
        >
          {t('rules.add')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">{t('rules.intro')}</Typography.Paragraph>
      <Table<HealthRule>
        rowKey="id"
        size="small"
        loading={rules.isLoading}
        {...readRows(rules.data, rules)}
        pagination={false}
        scroll={{ x: 'max-content' }}
        columns={[
          {
            key: 'type',
            title: t('rules.peripheralType'),
            dataIndex: 'peripheralType',
            render: (v: string) =>
              v === HARDWARE_PERIPHERAL_TYPE ? <Tag color="orange">{t('rules.hardware')}</Tag> : v,
          },
          {
            key: 'threshold',
            title: t('rules.when'),
            render: (_, r) =>
              t('rules.whenText', { count: r.threshold, window: windowLabel(r.windowMinutes, t) }),
          },
          {
            key: 'action',
            title: t('rules.action'),
            dataIndex: 'action',
            render: (v: string) => t(`rules.actions.${v}`),
          },
          ...faultColumns<HealthRule>(t, faults),
          {
            key: 'enabled',
            title: t('rules.enabled'),
            dataIndex: 'enabled',
            render: (v: boolean) =>
              v ? <Tag color="green">{t('rules.on')}</Tag> : <Tag>{t('rules.off')}</Tag>,
          },
          actionsColumn(
            t('orders.actions'),
            (r) => [
              {
                key: 'edit',
                label: t('rules.edit'),
                icon: <EditOutlined />,
                onClick: () => editing.show(r),
              },
              {
                key: 'delete',
                label: t('rules.delete'),
                icon: <DeleteOutlined />,
                danger: true,
                confirm: t('rules.confirmDelete'),
                onClick: () =>
                  call(supportRoutes.ruleDelete, { body: { id: r.id }, notifySuccess: true }).then(refresh),
              },
            ],
            { fixed: 'right' },
          ),
        ]}
      />
      <CrudFormModal
        open={editing.record !== null}
        title={editing.record?.id ? t('rules.edit') : t('rules.add')}
        schema={healthRuleSaveSchema}
        initialValues={editing.record ?? {}}
        testId="health-rule-form"
        conflictField="peripheralType"
        onClose={editing.close}
        onSubmit={(values) => call(supportRoutes.ruleSave, { body: values, notifySuccess: true })}
        onSaved={editing.saved}
      >
        <CrudField name="peripheralType" label={t('rules.peripheralType')} extra={t('rules.typeHint')}>
          <Input data-testid="health-rule-type" />
        </CrudField>
        <CrudField name="threshold" label={t('rules.threshold')}>
          <InputNumber min={1} max={1000} style={{ width: '100%' }} data-testid="health-rule-threshold" />
        </CrudField>
        <CrudField name="windowMinutes" label={t('rules.window')}>
          <InputNumber min={1} max={10080} addonAfter={t('rules.min')} style={{ width: '100%' }} />
        </CrudField>
        <CrudField name="action" label={t('rules.action')}>
          <Select options={HEALTH_ACTIONS.map((a) => ({ value: a, label: t(`rules.actions.${a}`) }))} />
        </CrudField>
        <CrudField name="faultType" label={t('orders.faultType')}>
          <Select options={faults.options} />
        </CrudField>
        <CrudField name="priority" label={t('orders.priority')}>
          <Select options={priorities.options} />
        </CrudField>
        <CrudField name="enabled" label={t('rules.enabled')} valuePropName="checked">
          <Switch />
        </CrudField>
      </CrudFormModal>
    </Drawer>
  );
};

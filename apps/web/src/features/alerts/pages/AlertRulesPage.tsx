import {
  ALERT_CHANNELS,
  ALERT_CONDITIONS,
  ALERT_SEVERITIES,
  type AlertCondition,
  type AlertRuleRow,
  POLICY_SEVERITIES,
} from '@cpm/contracts';
import { alertsRoutes } from '@cpm/contracts/routes';
import { Form, Input, InputNumber, Select, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/http';
import { AddButton } from '../../../shared/crud/AddButton';
import { CrudListView } from '../../../shared/crud/CrudListView';
import { CrudField, CrudFormModal } from '../../../shared/crud/LazyCrudForm';
import { lazySchema } from '../../../shared/crud/lazySchema';
import { queryKeys } from '../../../shared/crud/queryKeys';
import { actionsColumn, deleteAction, editAction } from '../../../shared/crud/RowActions';
import { useCrudList } from '../../../shared/crud/useCrudList';
import type { DataColumn } from '../../../shared/table/DataTable';
import { timeZoneOptions } from '../../../shared/time/timeZones';
import { SeverityTag } from '../components/severity';

type Filter = { name?: string };

const ruleSaveSchema = lazySchema(() =>
  import('@cpm/contracts/alerts/alerts.contract').then((m) => m.AlertRuleSaveSchema),
);

/** The figures each condition asks for in the form. */
const FIGURES: Record<
  AlertCondition,
  ('minutes' | 'percent' | 'count' | 'days' | 'metric' | 'value' | 'name' | 'policySeverity')[]
> = {
  offline: ['minutes'],
  battery: ['percent'],
  peripheralFault: ['name'],
  fenceBreach: [],
  taskFailureRate: ['percent'],
  appCrash: ['count', 'minutes'],
  notSeen: ['days'],
  metric: ['metric', 'value'],
  alarm: ['name'],
  policyDrift: ['policySeverity'],
};

/** Alert rules (`/device/alertRules`): what to watch, how severe, who hears of it and when not. */
export const AlertRulesPage = () => {
  const { t } = useTranslation('alerts');
  const [editing, setEditing] = useState<AlertRuleRow | null | undefined>(undefined);
  const [condition, setCondition] = useState<AlertCondition>('offline');
  const list = useCrudList<AlertRuleRow, Filter>({
    queryKey: queryKeys.alertRules.all,
    filterKeys: ['name'],
    fetchPage: ({ sort: _sort, ...query }) => call(alertsRoutes.rulePage, { query, loading: false }),
  });
  const open = (r: AlertRuleRow | null) => {
    setCondition(r?.condition ?? 'offline');
    setEditing(r);
  };
  const columns: DataColumn<AlertRuleRow>[] = [
    { key: 'name', title: t('name'), dataIndex: 'name', fixed: 'left' },
    { key: 'condition', title: t('condition'), render: (_, r) => t(`conditions.${r.condition}`) },
    { key: 'severity', title: t('severityLabel'), render: (_, r) => <SeverityTag value={r.severity} /> },
    {
      key: 'channels',
      title: t('channels'),
      render: (_, r) => r.channels.map((c) => t(`channel.${c}`)).join(', '),
    },
    { key: 'open', title: t('openAlerts'), dataIndex: 'openAlerts' },
    { key: 'enabled', title: t('enabled'), render: (_, r) => (r.enabled ? t('yes') : t('no')) },
    actionsColumn(
      t('actions'),
      (r) => [
        editAction(t('edit'), 'device:alertRule:edit', () => open(r)),
        deleteAction(t('delete'), 'device:alertRule:delete', t('deleteConfirm'), () =>
          call(alertsRoutes.ruleRemove, { body: { id: r.id }, notifySuccess: true })
            .catch(() => undefined)
            .then(() => list.invalidate()),
        ),
      ],
      { fixed: 'right', width: 120 },
    ),
  ];
  const figure = (k: (typeof FIGURES)[AlertCondition][number]) =>
    k === 'metric' ? (
      <div key={k} style={{ display: 'flex', gap: 8 }}>
        <Form.Item name={['params', 'metric']} label={t('figures.metric')} rules={[{ required: true }]}>
          <Input placeholder="storage.freePercent" />
        </Form.Item>
        <Form.Item name={['params', 'op']} label={t('figures.op')} rules={[{ required: true }]}>
          <Select
            style={{ width: 120 }}
            options={[
              { value: 'gt', label: '>' },
              { value: 'lt', label: '<' },
            ]}
          />
        </Form.Item>
      </div>
    ) : k === 'policySeverity' ? (
      <Form.Item
        key={k}
        name={['params', k]}
        label={t('figures.policySeverity')}
        rules={[{ required: true }]}
      >
        <Select
          style={{ width: 200 }}
          data-testid="alert-rule-policy-severity"
          options={POLICY_SEVERITIES.map((s) => ({ value: s, label: t(`policySeverity.${s}`) }))}
        />
      </Form.Item>
    ) : (
      <Form.Item key={k} name={['params', k]} label={t(`figures.${k}`)} rules={[{ required: k !== 'name' }]}>
        {k === 'name' ? <Input /> : <InputNumber min={0} style={{ width: 200 }} />}
      </Form.Item>
    );
  return (
    <CrudListView<AlertRuleRow, Filter>
      testId="alert-rules-page"
      list={list}
      filters={[{ name: 'name', label: t('name') }]}
      columns={columns}
      scroll={{ x: 900 }}
      toolbar={
        <AddButton
          permission="device:alertRule:add"
          label={t('add')}
          onClick={() => open(null)}
          testId="alert-rule-add"
        />
      }
    >
      <CrudFormModal
        open={editing !== undefined}
        variant="drawer"
        title={editing ? t('edit') : t('add')}
        schema={ruleSaveSchema}
        initialValues={
          editing
            ? { ...editing, quietHours: editing.quietHours ?? undefined }
            : {
                enabled: true,
                condition: 'offline',
                severity: 'high',
                channels: ['inApp'],
                params: { minutes: 30 },
                groupAt: 10,
              }
        }
        onSubmit={(body) => call(alertsRoutes.ruleSave, { body, notifySuccess: true })}
        onClose={() => setEditing(undefined)}
        onSaved={() => {
          setEditing(undefined);
          list.invalidate();
        }}
        testId="alert-rule-form"
      >
        <CrudField name="name" label={t('name')}>
          <Input />
        </CrudField>
        <CrudField name="condition" label={t('condition')}>
          <Select
            data-testid="alert-rule-condition"
            onChange={(v: AlertCondition) => setCondition(v)}
            options={ALERT_CONDITIONS.map((c) => ({ value: c, label: t(`conditions.${c}`) }))}
          />
        </CrudField>
        {FIGURES[condition].map(figure)}
        {condition === 'offline' && (
          <div style={{ display: 'flex', gap: 8 }}>
            <Form.Item name={['params', 'tradingHours', 'from']} label={t('tradingFrom')}>
              <Input placeholder="08:00" style={{ width: 90 }} />
            </Form.Item>
            <Form.Item name={['params', 'tradingHours', 'to']} label={t('tradingTo')}>
              <Input placeholder="22:00" style={{ width: 90 }} />
            </Form.Item>
            <Form.Item name={['params', 'tradingHours', 'timezone']} label={t('timezone')}>
              <Select showSearch placeholder="UTC" style={{ minWidth: 220 }} options={timeZoneOptions()} />
            </Form.Item>
          </div>
        )}
        <CrudField name="severity" label={t('severityLabel')}>
          <Select options={ALERT_SEVERITIES.map((s) => ({ value: s, label: t(`severity.${s}`) }))} />
        </CrudField>
        <CrudField name="channels" label={t('channels')}>
          <Select
            mode="multiple"
            options={ALERT_CHANNELS.map((c) => ({ value: c, label: t(`channel.${c}`) }))}
          />
        </CrudField>
        <Form.Item name={['recipients', 'emails']} label={t('emails')}>
          <Select mode="tags" tokenSeparators={[',', ' ']} aria-label={t('emails')} />
        </Form.Item>
        <Form.Item name={['recipients', 'phones']} label={t('phones')}>
          <Select mode="tags" tokenSeparators={[',', ' ']} aria-label={t('phones')} />
        </Form.Item>
        <CrudField name="groupAt" label={t('groupAt')} extra={t('groupAtHelp')}>
          <InputNumber min={2} style={{ width: 200 }} />
        </CrudField>
        <div style={{ display: 'flex', gap: 8 }}>
          <CrudField name="flapChanges" label={t('flapChanges')}>
            <InputNumber min={2} />
          </CrudField>
          <CrudField name="flapMinutes" label={t('flapMinutes')}>
            <InputNumber min={1} />
          </CrudField>
        </div>
        <CrudField name="enabled" label={t('enabled')} valuePropName="checked">
          <Switch />
        </CrudField>
      </CrudFormModal>
    </CrudListView>
  );
};

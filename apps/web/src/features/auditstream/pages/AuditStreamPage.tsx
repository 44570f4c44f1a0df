import { type AuditStreamSettings, type AuditStreamView, SYSLOG_FACILITIES } from '@cpm/contracts';
import { auditStreamRoutes } from '@cpm/contracts/routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  DatePicker,
  Descriptions,
  Form,
  Input,
  InputNumber,
  Select,
  Space,
  Switch,
  Tag,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, download } from '../../../api/http';
import { usePermission } from '../../../shared/auth/usePermission';
import { formatTime } from '../../../shared/format/formatTime';
import { NotLoaded } from '../../../shared/page/NotLoaded';
import { PageHeader } from '../../../shared/page/PageHeader';

const key = ['audit-stream'] as const;
const FACILITIES = Object.keys(SYSLOG_FACILITIES) as AuditStreamSettings['facility'][];

/** Audit stream (`/user/auditStream`): where the operation log goes as syslog, how far it has gone, and a backfill export. */
export const AuditStreamPage = () => {
  const { t } = useTranslation('auditstream');
  const can = usePermission();
  const client = useQueryClient();
  const [form] = Form.useForm<AuditStreamSettings>();
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [
    dayjs().subtract(7, 'day').startOf('day'),
    dayjs(),
  ]);
  const view = useQuery({
    queryKey: key,
    queryFn: () => call(auditStreamRoutes.get, { loading: false }),
    refetchInterval: 5000,
  });
  const loaded = view.data?.settings;
  useEffect(() => {
    if (loaded) form.setFieldsValue(loaded);
  }, [loaded, form]);
  const save = useMutation({
    mutationFn: (body: AuditStreamSettings) => call(auditStreamRoutes.save, { body, notifySuccess: true }),
    onSuccess: (data: AuditStreamView) => client.setQueryData(key, data),
  });
  const test = useMutation({ mutationFn: () => call(auditStreamRoutes.test, {}) });
  const editable = can('user:auditstream:edit');

  if (!view.data) return <NotLoaded query={view} />;
  const { state } = view.data;
  return (
    <div data-testid="audit-stream-page">
      <PageHeader />
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Card title={t('receiver')}>
          <Form
            name="audit-stream"
            form={form}
            layout="vertical"
            initialValues={loaded}
            disabled={!editable}
            onFinish={(values) => save.mutate({ ...values, caCert: values.caCert ?? '' })}
            style={{ maxWidth: 640 }}
          >
            <Form.Item name="enabled" label={t('enabled')} valuePropName="checked">
              <Switch data-testid="audit-enabled" />
            </Form.Item>
            <Form.Item name="host" label={t('host')} extra={t('hostHint')}>
              <Input data-testid="audit-host" maxLength={253} />
            </Form.Item>
            <Space wrap size="large">
              <Form.Item
                name="port"
                label={t('port')}
                rules={[{ required: true, message: t('portRequired') }]}
              >
                <InputNumber min={1} max={65535} data-testid="audit-port" />
              </Form.Item>
              <Form.Item name="tls" label={t('tls')} valuePropName="checked">
                <Switch data-testid="audit-tls" />
              </Form.Item>
              <Form.Item name="facility" label={t('facility')}>
                <Select style={{ width: 160 }} options={FACILITIES.map((f) => ({ value: f, label: f }))} />
              </Form.Item>
            </Space>
            <Form.Item name="caCert" label={t('caCert')} extra={t('caCertHint')}>
              <Input.TextArea rows={4} placeholder="-----BEGIN CERTIFICATE-----" data-testid="audit-ca" />
            </Form.Item>
            <Space wrap>
              {editable && (
                <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="audit-save">
                  {t('save')}
                </Button>
              )}
              {can('user:auditstream:test') && (
                <Button
                  disabled={false}
                  loading={test.isPending}
                  onClick={() => test.mutate()}
                  data-testid="audit-test"
                >
                  {t('sendTest')}
                </Button>
              )}
            </Space>
          </Form>
          {test.data && (
            <Alert
              style={{ marginTop: 16 }}
              data-testid="audit-test-result"
              type={test.data.ok ? 'success' : 'error'}
              showIcon
              message={test.data.ok ? t('testSent') : t('testFailed', { error: test.data.error })}
            />
          )}
        </Card>
        <Card title={t('state')}>
          <Descriptions column={{ xs: 1, md: 2 }} size="small" data-testid="audit-state">
            <Descriptions.Item label={t('connection')}>
              <Tag color={state.connected ? 'green' : 'default'}>
                {state.connected ? t('connected') : t('notConnected')}
              </Tag>
            </Descriptions.Item>
            <Descriptions.Item label={t('lastSent')}>{formatTime(state.lastSentAt, true)}</Descriptions.Item>
            <Descriptions.Item label={t('cursor')}>{state.cursor}</Descriptions.Item>
            <Descriptions.Item label={t('lag')}>
              <span data-testid="audit-lag">{state.lag}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('lastError')} span={2}>
              {state.lastError ? `${formatTime(state.lastErrorAt, true)} ${state.lastError}` : '-'}
            </Descriptions.Item>
          </Descriptions>
        </Card>
        {can('user:auditstream:export') && (
          <Card title={t('export')}>
            <Space wrap>
              <DatePicker.RangePicker
                aria-label={t('range')}
                id={{ start: 'audit-export-from', end: 'audit-export-to' }}
                showTime
                value={range}
                onChange={(v) => v?.[0] && v[1] && setRange([v[0], v[1]])}
              />
              <Button
                data-testid="audit-export"
                onClick={() =>
                  download({
                    method: 'GET',
                    path: auditStreamRoutes.export.path,
                    query: { from: range[0].toISOString(), to: range[1].toISOString() },
                    fileName: 'operation-log.jsonl',
                  })
                }
              >
                {t('exportJsonl')}
              </Button>
            </Space>
            <div style={{ marginTop: 8 }}>{t('exportHint')}</div>
          </Card>
        )}
      </Space>
    </div>
  );
};

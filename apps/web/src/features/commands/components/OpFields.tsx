import { REMOTE_COMMAND_LIMITS } from '@cpm/contracts';
import { Col, DatePicker, Form, Input, InputNumber, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OP_FIELDS } from '../lib/commandForm';

/** The fields the chosen command takes (a package, a host, a time range or a shell line). */
export const OpFields = ({ fields }: { fields: (typeof OP_FIELDS)[keyof typeof OP_FIELDS] }) => {
  const { t } = useTranslation('commands');
  return (
    <>
      {fields.includes('packageName') && (
        <Form.Item
          name="packageName"
          label={t('run.packageName')}
          rules={[{ required: true, message: t('run.packageRequired') }]}
        >
          <Input placeholder="com.example.cashier" data-testid="command-package" />
        </Form.Item>
      )}
      {fields.includes('host') && (
        <Row gutter={12}>
          <Col flex="auto">
            <Form.Item
              name="host"
              label={t('run.host')}
              rules={[{ required: true, message: t('run.hostRequired') }]}
            >
              <Input placeholder="localhost" data-testid="command-host" />
            </Form.Item>
          </Col>
          {fields.includes('count') && (
            <Col flex="120px">
              <Form.Item name="count" label={t('run.count')}>
                <InputNumber min={1} max={REMOTE_COMMAND_LIMITS.pingCountMax} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          )}
        </Row>
      )}
      {fields.includes('range') && (
        <Form.Item
          name="range"
          label={t('run.range')}
          rules={[{ required: true, message: t('run.rangeRequired') }]}
          extra={t('run.rangeHint')}
        >
          <DatePicker.RangePicker showTime style={{ width: '100%' }} data-testid="command-range" />
        </Form.Item>
      )}
      {fields.includes('command') && (
        <Form.Item
          name="command"
          label={t('run.shell')}
          rules={[{ required: true, message: t('run.shellRequired') }]}
          extra={t('run.shellHint')}
        >
          <Input.TextArea rows={3} placeholder="getprop ro.serialno" data-testid="command-shell" />
        </Form.Item>
      )}
    </>
  );
};

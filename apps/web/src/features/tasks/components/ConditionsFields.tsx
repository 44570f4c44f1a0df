import { Checkbox, Col, Form, InputNumber, Row, TimePicker, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * Payment-aware conditions: the terminal runs the task only when no sale is in progress, the batch is
 * settled, the battery is high enough or charging, and its local time is inside the window; otherwise
 * it defers and says why.
 */
export const ConditionsFields = () => {
  const { t } = useTranslation('tasks');
  return (
    <>
      <Typography.Paragraph type="secondary">{t('conditions.explain')}</Typography.Paragraph>
      <Row gutter={[16, 0]}>
        <Col xs={24} md={12}>
          <Form.Item name={['conditions', 'idle']} valuePropName="checked">
            <Checkbox data-testid="task-cond-idle">{t('conditions.idle')}</Checkbox>
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name={['conditions', 'settled']} valuePropName="checked">
            <Checkbox data-testid="task-cond-settled">{t('conditions.settled')}</Checkbox>
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name={['conditions', 'charging']} valuePropName="checked">
            <Checkbox data-testid="task-cond-charging">{t('conditions.charging')}</Checkbox>
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name={['conditions', 'minBattery']} label={t('conditions.minBattery')}>
            <InputNumber
              min={1}
              max={100}
              precision={0}
              suffix="%"
              placeholder={t('conditions.any')}
              style={{ width: '100%', maxWidth: 200 }}
              data-testid="task-cond-battery"
            />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item
            name={['conditions', 'window']}
            label={t('conditions.window')}
            extra={t('conditions.windowHint')}
          >
            <TimePicker.RangePicker
              format="HH:mm"
              order={false}
              placeholder={[t('conditions.from'), t('conditions.to')]}
              style={{ width: '100%', maxWidth: 300 }}
              data-testid="task-cond-window"
            />
          </Form.Item>
        </Col>
      </Row>
    </>
  );
};

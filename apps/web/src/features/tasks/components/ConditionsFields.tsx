import { Checkbox, InputNumber, Row, TimePicker, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { GridItem } from '../../../shared/crud/GridItem';

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
        <GridItem name={['conditions', 'idle']} valuePropName="checked">
          <Checkbox data-testid="task-cond-idle">{t('conditions.idle')}</Checkbox>
        </GridItem>
        <GridItem name={['conditions', 'settled']} valuePropName="checked">
          <Checkbox data-testid="task-cond-settled">{t('conditions.settled')}</Checkbox>
        </GridItem>
        <GridItem name={['conditions', 'charging']} valuePropName="checked">
          <Checkbox data-testid="task-cond-charging">{t('conditions.charging')}</Checkbox>
        </GridItem>
        <GridItem name={['conditions', 'minBattery']} label={t('conditions.minBattery')}>
          <InputNumber
            min={1}
            max={100}
            precision={0}
            suffix="%"
            placeholder={t('conditions.any')}
            style={{ width: '100%', maxWidth: 200 }}
            data-testid="task-cond-battery"
          />
        </GridItem>
        <GridItem
          span="full"
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
        </GridItem>
      </Row>
    </>
  );
};

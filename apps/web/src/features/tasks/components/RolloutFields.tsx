import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { TASK_LIMITS } from '@cpm/contracts';
import { Button, Form, InputNumber, Row, Space, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { GridItem } from '../../../shared/crud/GridItem';

/**
 * A staged rollout: waves of growing percentages ending at 100; a wave whose failures pass the
 * threshold pauses the task and tells its creator.
 */
export const RolloutFields = () => {
  const { t } = useTranslation('tasks');
  const enabled = Form.useWatch(['rollout', 'enabled']) as boolean | undefined;
  return (
    <>
      <Form.Item
        name={['rollout', 'enabled']}
        valuePropName="checked"
        label={t('rollout.enable')}
        style={{ marginBottom: 8 }}
      >
        <Switch data-testid="task-rollout" />
      </Form.Item>
      <Typography.Paragraph type="secondary">{t('rollout.explain')}</Typography.Paragraph>
      {enabled && (
        <>
          <Form.Item label={t('rollout.waves')} extra={t('rollout.wavesHint')} required>
            <Form.List name={['rollout', 'waves']}>
              {(fields, { add, remove }, { errors }) => (
                <>
                  <Space wrap align="center" data-testid="task-waves">
                    {fields.map((f, i) => (
                      <Space.Compact key={f.key}>
                        <Form.Item name={f.name} noStyle>
                          <InputNumber
                            min={1}
                            max={100}
                            precision={0}
                            suffix="%"
                            style={{ width: 110 }}
                            aria-label={t('rollout.wave', { n: i + 1 })}
                            data-testid={`task-wave-${i}`}
                          />
                        </Form.Item>
                        {fields.length > 2 && (
                          <Button
                            icon={<MinusCircleOutlined />}
                            onClick={() => remove(f.name)}
                            aria-label={t('rollout.removeWave')}
                          />
                        )}
                      </Space.Compact>
                    ))}
                    {fields.length < TASK_LIMITS.wavesMax && (
                      <Button icon={<PlusOutlined />} onClick={() => add(100)}>
                        {t('rollout.addWave')}
                      </Button>
                    )}
                  </Space>
                  {/* The list's own errors: the order of the waves, the last one at 100. */}
                  <Form.ErrorList errors={errors} />
                </>
              )}
            </Form.List>
          </Form.Item>
          <Row gutter={16}>
            <GridItem
              name={['rollout', 'maxFailurePercent']}
              label={t('rollout.maxFailure')}
              extra={t('rollout.maxFailureHint')}
            >
              <InputNumber min={0} max={100} precision={0} suffix="%" style={{ width: '100%' }} />
            </GridItem>
            <GridItem
              name={['rollout', 'waveMinutes']}
              label={t('rollout.waveMinutes')}
              extra={t('rollout.waveMinutesHint')}
            >
              <InputNumber min={1} precision={0} suffix={t('timing.minutes')} style={{ width: '100%' }} />
            </GridItem>
          </Row>
        </>
      )}
    </>
  );
};

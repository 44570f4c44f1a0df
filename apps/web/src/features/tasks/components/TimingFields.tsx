import { TASK_LIMITS } from '@cpm/contracts';
import { Col, DatePicker, Form, Input, InputNumber, Radio, Row, TimePicker, Typography } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cronRuns } from '../lib/cronPreview';
import { formatMinutes, type ScheduleKind } from '../lib/taskForm';

/** The browser's IANA time zone: the one the server reads clock times and cron expressions in. */
export const userTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

const MinutesInput = ({
  testId,
  ...rest
}: {
  testId: string;
  value?: number;
  onChange?: (v: number | null) => void;
}) => {
  const { t } = useTranslation('tasks');
  return (
    <InputNumber
      {...rest}
      min={1}
      precision={0}
      style={{ width: '100%' }}
      suffix={t('timing.minutes')}
      data-testid={testId}
    />
  );
};

/** A minutes field's hint: its length in hours and minutes and the 24-hour limit. */
const MinutesHint = ({ name }: { name: string }) => {
  const { t, i18n } = useTranslation('tasks');
  const value = Form.useWatch(['timing', name]) as number | null | undefined;
  return (
    <span>
      {typeof value === 'number' && value > 0 ? `${formatMinutes(value, i18n.language)} · ` : ''}
      {t('timing.max24h', { max: TASK_LIMITS.intervalMaxMinutes })}
    </span>
  );
};

/** The next runs of the cron expression being typed, in the user's time zone. */
const CronRuns = () => {
  const { t } = useTranslation('tasks');
  const expr = (Form.useWatch(['timing', 'expr']) as string | undefined) ?? '';
  if (!expr.trim()) return <span>{t('timing.cronHint')}</span>;
  const result = cronRuns(expr, userTimeZone());
  if (result.error)
    return (
      <Typography.Text type="danger" data-testid="task-cron-error">
        {t('timing.cronInvalid')}
      </Typography.Text>
    );
  return (
    <span data-testid="task-cron-runs">
      {t('timing.nextRuns', { list: result.runs.map((d) => dayjs(d).format('YYYY-MM-DD HH:mm')).join(', ') })}
    </span>
  );
};

/** Start and expiry, then how often it runs: once, every N minutes, daily at a time, or by cron. */
export const TimingFields = () => {
  const { t } = useTranslation('tasks');
  const kind = (Form.useWatch(['timing', 'kind']) as ScheduleKind | undefined) ?? 'once';
  const windowField = (
    <Form.Item
      name={['timing', 'windowMinutes']}
      label={t('timing.window')}
      extra={<MinutesHint name="windowMinutes" />}
      required={kind !== 'interval'}
    >
      <MinutesInput testId="task-window-minutes" />
    </Form.Item>
  );
  /** A repeating schedule's own field, with the window it may start in beside it. */
  const beside = (field: ReactNode) => (
    <Row gutter={16}>
      <Col xs={24} md={12}>
        {field}
      </Col>
      <Col xs={24} md={12}>
        {windowField}
      </Col>
    </Row>
  );
  return (
    <>
      <Typography.Paragraph type="secondary" data-testid="task-timezone">
        {t('timing.zone', { zone: userTimeZone() })}
      </Typography.Paragraph>
      <Form.Item name={['timing', 'range']} label={t('timing.range')} extra={t('timing.rangeHint')} required>
        <DatePicker.RangePicker
          showTime={{ format: 'HH:mm' }}
          format="YYYY-MM-DD HH:mm"
          allowEmpty={[true, false]}
          placeholder={[t('timing.now'), t('timing.expireAt')]}
          style={{ width: '100%', maxWidth: 420 }}
          data-testid="task-range"
        />
      </Form.Item>
      <Form.Item name={['timing', 'kind']} label={t('timing.schedule')}>
        <Radio.Group
          optionType="button"
          data-testid="task-schedule-kind"
          options={(['once', 'interval', 'daily', 'cron'] as const).map((k) => ({
            value: k,
            label: t(`schedule.${k}`),
          }))}
        />
      </Form.Item>
      <Typography.Paragraph type="secondary">{t(`timing.explain.${kind}`)}</Typography.Paragraph>
      {kind === 'interval' &&
        beside(
          <Form.Item
            name={['timing', 'everyMinutes']}
            label={t('timing.every')}
            extra={<MinutesHint name="everyMinutes" />}
            required
          >
            <MinutesInput testId="task-every-minutes" />
          </Form.Item>,
        )}
      {kind === 'daily' &&
        beside(
          <Form.Item name={['timing', 'at']} label={t('timing.at')} required>
            <TimePicker format="HH:mm" style={{ width: '100%' }} data-testid="task-daily-at" />
          </Form.Item>,
        )}
      {kind === 'cron' &&
        beside(
          <Form.Item name={['timing', 'expr']} label={t('timing.cron')} extra={<CronRuns />} required>
            <Input className="cpm-task-mono" placeholder="0 2 * * 1-5" data-testid="task-cron" />
          </Form.Item>,
        )}
    </>
  );
};

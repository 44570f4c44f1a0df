import { Timeline as AntTimeline, Empty, Typography } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';

export type TimelineEvent = {
  key: string;
  /** ISO time of the event. */
  at: string;
  title: ReactNode;
  description?: ReactNode;
  /** Tone of the dot. */
  tone?: 'success' | 'error' | 'warning' | 'info' | 'neutral';
};

const TONE_COLOR: Record<NonNullable<TimelineEvent['tone']>, string> = {
  success: 'green',
  error: 'red',
  warning: 'orange',
  info: 'blue',
  neutral: 'gray',
};

type Props = {
  events: readonly TimelineEvent[];
  /** Time format; seconds by default. */
  format?: string;
  empty?: ReactNode;
  testId?: string;
};

/** Events in time order as given (newest first by convention), each with its time, title and detail. */
export const Timeline = ({ events, format = 'YYYY-MM-DD HH:mm:ss', empty, testId }: Props) =>
  events.length ? (
    <AntTimeline
      data-testid={testId}
      items={events.map((e) => ({
        key: e.key,
        color: TONE_COLOR[e.tone ?? 'info'],
        children: (
          <div data-testid={testId ? `${testId}-event` : undefined}>
            <Typography.Text type="secondary" className="cpm-timeline-time">
              {dayjs(e.at).format(format)}
            </Typography.Text>{' '}
            <Typography.Text>{e.title}</Typography.Text>
            {e.description && <div className="cpm-timeline-detail">{e.description}</div>}
          </div>
        ),
      }))}
    />
  ) : (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />
  );

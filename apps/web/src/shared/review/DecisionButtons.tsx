import { Button, Space } from 'antd';
import type { CSSProperties } from 'react';

export type Decision = 'approve' | 'reject';

type Props = {
  /** The decision being sent; both buttons wait for it. */
  busy: Decision | null;
  labels: { cancel: string; reject: string; approve: string };
  /** Names the buttons `<prefix>-reject` and `<prefix>-approve` for tests. */
  testIdPrefix: string;
  onCancel: () => void;
  onDecide: (decision: Decision) => void;
  style?: CSSProperties;
};

/** A decision dialog's footer: cancel, reject and approve, one decision at a time. */
export const DecisionButtons = ({ busy, labels, testIdPrefix, onCancel, onDecide, style }: Props) => (
  <Space wrap style={style}>
    <Button onClick={onCancel}>{labels.cancel}</Button>
    {(['reject', 'approve'] as const).map((decision) => (
      <Button
        key={decision}
        type={decision === 'approve' ? 'primary' : undefined}
        danger={decision === 'reject'}
        loading={busy === decision}
        disabled={busy !== null}
        onClick={() => onDecide(decision)}
        data-testid={`${testIdPrefix}-${decision}`}
      >
        {labels[decision]}
      </Button>
    ))}
  </Space>
);

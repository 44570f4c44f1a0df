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
  onReject: () => void;
  onApprove: () => void;
  style?: CSSProperties;
};

/** A decision dialog's footer: cancel, reject and approve, one decision at a time. */
export const DecisionButtons = ({
  busy,
  labels,
  testIdPrefix,
  onCancel,
  onReject,
  onApprove,
  style,
}: Props) => (
  <Space wrap style={style}>
    <Button onClick={onCancel}>{labels.cancel}</Button>
    <Button
      danger
      loading={busy === 'reject'}
      disabled={busy !== null}
      onClick={onReject}
      data-testid={`${testIdPrefix}-reject`}
    >
      {labels.reject}
    </Button>
    <Button
      type="primary"
      loading={busy === 'approve'}
      disabled={busy !== null}
      onClick={onApprove}
      data-testid={`${testIdPrefix}-approve`}
    >
      {labels.approve}
    </Button>
  </Space>
);

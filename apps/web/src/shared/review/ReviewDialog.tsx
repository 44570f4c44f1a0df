import type { ReviewEntry } from '@cpm/contracts';
import { Empty, Form, Input, Modal, Skeleton, Timeline, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Decision, DecisionButtons } from './DecisionButtons';
import './review.css';
import { formatTime } from '../format/formatTime';

export type ReviewDialogProps = {
  open: boolean;
  title: ReactNode;
  /** What is under review (a description list of the application, the app, the order). */
  summary?: ReactNode;
  /** Earlier submissions and decisions, newest first. */
  history?: readonly ReviewEntry[];
  historyLoading?: boolean;
  /** Whether the caller may decide; without it the dialog only shows. */
  canDecide?: boolean;
  /** Longest reason the server accepts. */
  reasonMaxLength?: number;
  onApprove: () => Promise<unknown>;
  /** Rejects with the reason the applicant will see. */
  onReject: (reason: string) => Promise<unknown>;
  onClose: () => void;
};

const DECISION_COLOR: Record<ReviewEntry['decision'], string> = {
  submitted: 'blue',
  approved: 'green',
  rejected: 'red',
};

/** Earlier decisions as a timeline, newest first. */
export const ReviewHistory = ({ history }: { history: readonly ReviewEntry[] }) => {
  const { t } = useTranslation('kit');
  if (!history.length)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('review.noHistory')} />;
  return (
    <Timeline
      data-testid="review-history"
      items={history.map((h) => ({
        key: `${h.at}-${h.decision}`,
        color: DECISION_COLOR[h.decision],
        children: (
          <div data-testid="review-history-entry" data-decision={h.decision}>
            <Typography.Text strong>{t(`review.decision.${h.decision}`)}</Typography.Text>{' '}
            <Typography.Text type="secondary">
              {formatTime(h.at)} · {t('review.by', { name: h.actorName })}
            </Typography.Text>
            {h.reason && <div className="cpm-review-reason">{h.reason}</div>}
          </div>
        ),
      }))}
    />
  );
};

/**
 * Approve, or reject with a required reason the applicant will see; the earlier decisions show
 * beside. Used by account review, and by app and order reviews.
 */
export const ReviewDialog = ({
  open,
  title,
  summary,
  history = [],
  historyLoading,
  canDecide = true,
  reasonMaxLength = 500,
  onApprove,
  onReject,
  onClose,
}: ReviewDialogProps) => {
  const { t } = useTranslation('kit');
  const [form] = Form.useForm<{ reason: string }>();
  const [busy, setBusy] = useState<Decision | null>(null);

  const run = async (which: Decision, act: () => Promise<unknown>) => {
    setBusy(which);
    try {
      await act();
    } catch {
      // The HTTP client showed why; the dialog stays open to try again.
    } finally {
      setBusy(null);
    }
  };
  const reject = async () => {
    let reason: string;
    try {
      reason = (await form.validateFields()).reason.trim();
    } catch {
      return;
    }
    await run('reject', () => onReject(reason));
  };

  return (
    <Modal
      open={open}
      title={title}
      onCancel={onClose}
      destroyOnHidden
      width={640}
      footer={
        canDecide ? (
          <DecisionButtons
            busy={busy}
            labels={{ cancel: t('review.cancel'), reject: t('review.reject'), approve: t('review.approve') }}
            testIdPrefix="review"
            onCancel={onClose}
            onDecide={(decision) => void (decision === 'reject' ? reject() : run('approve', onApprove))}
            style={{ justifyContent: 'flex-end' }}
          />
        ) : null
      }
    >
      <div data-testid="review-dialog">
        {summary}
        <Typography.Title level={5} style={{ marginTop: summary ? 16 : 0 }}>
          {t('review.history')}
        </Typography.Title>
        {historyLoading ? <Skeleton active paragraph={{ rows: 2 }} /> : <ReviewHistory history={history} />}
        {canDecide && (
          <Form name="review" form={form} layout="vertical" requiredMark={false}>
            <Form.Item
              name="reason"
              label={t('review.reason')}
              extra={t('review.reasonHint')}
              rules={[{ required: true, whitespace: true, message: t('review.reasonRequired') }]}
            >
              <Input.TextArea rows={3} maxLength={reasonMaxLength} showCount data-testid="review-reason" />
            </Form.Item>
          </Form>
        )}
      </div>
    </Modal>
  );
};

import type { OrderAction, OrderEvent } from '@cpm/contracts';
import { supportRoutes } from '@cpm/contracts/routes';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Drawer, Form, Input, Modal, Popconfirm, Skeleton, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/http';
import { DictTag, queryKeys } from '../../../shared/crud';
import { DescriptionList } from '../../../shared/detail/DescriptionList';
import { Timeline, type TimelineEvent } from '../../../shared/detail/Timeline';
import { useDict } from '../../../shared/dicts/useDict';

const TONE: Record<string, TimelineEvent['tone']> = {
  create: 'info',
  accept: 'info',
  repair: 'warning',
  return: 'info',
  close: 'success',
  reject: 'error',
  comment: 'neutral',
};

/** One order: its facts, photos, the actions its state allows, comments and the full history. */
export const OrderDetailDrawer = ({
  id,
  onClose,
  onChanged,
}: {
  id: string | null;
  onClose: () => void;
  onChanged: () => void;
}) => {
  const { t } = useTranslation('support');
  const faults = useDict('fault_type');
  const client = useQueryClient();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [comment, setComment] = useState('');
  const key = [...queryKeys.supportOrders.all, 'detail', id];
  const { data: order, isLoading } = useQuery({
    queryKey: key,
    enabled: id !== null,
    queryFn: () => call(supportRoutes.detail, { query: { id: id as string }, loading: false }),
  });
  const refresh = async () => {
    await client.invalidateQueries({ queryKey: queryKeys.supportOrders.all });
    onChanged();
  };
  const act = async (action: OrderAction, why?: string) => {
    await call(supportRoutes.transition, {
      body: { id: id as string, action, ...(why ? { reason: why } : {}) },
      notifySuccess: true,
    });
    await refresh();
  };
  const events: TimelineEvent[] = (order?.history ?? []).map((e: OrderEvent) => ({
    key: e.id,
    at: e.at,
    tone: TONE[e.kind] ?? 'info',
    title: (
      <span data-testid="order-event" data-kind={e.kind}>
        <strong>{t(`action.${e.kind}`, { defaultValue: e.kind })}</strong> · {e.actorName}
      </span>
    ),
    description: e.note,
  }));
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      width="min(720px, 100vw)"
      title={order ? `${order.number}` : ''}
      destroyOnHidden
      data-testid="order-detail"
    >
      {isLoading || !order ? (
        <Skeleton active />
      ) : (
        <Space direction="vertical" size="large" style={{ width: '100%' }}>
          <Space wrap>
            <DictTag dict="order_status" value={order.status} testId="order-detail-status" />
            <DictTag dict="order_priority" value={order.priority} />
            {order.overdue && <Tag color="red">{t('orders.overdue')}</Tag>}
          </Space>
          {order.actions.length > 0 && (
            <Space wrap data-testid="order-actions">
              {order.actions
                .filter((a) => a !== 'reject')
                .map((a) => (
                  <Popconfirm key={a} title={t('orders.confirmAction')} onConfirm={() => act(a)}>
                    <Button type="primary" data-testid={`order-action-${a}`}>
                      {t(`action.${a}`)}
                    </Button>
                  </Popconfirm>
                ))}
              {order.actions.includes('reject') && (
                <Button danger data-testid="order-action-reject" onClick={() => setRejecting(true)}>
                  {t('action.reject')}
                </Button>
              )}
            </Space>
          )}
          <DescriptionList
            columns={2}
            items={[
              { key: 'sn', label: t('orders.sn'), value: order.sn },
              { key: 'model', label: t('orders.model'), value: order.modelName },
              { key: 'enterprise', label: t('orders.enterprise'), value: order.enterpriseName },
              { key: 'store', label: t('orders.store'), value: order.storeName },
              { key: 'contact', label: t('orders.contact'), value: order.contact },
              { key: 'phone', label: t('orders.phone'), value: order.phone },
              { key: 'fault', label: t('orders.faultType'), value: faults.label(order.faultType) },
              { key: 'assignee', label: t('orders.assignee'), value: order.assigneeName },
              {
                key: 'due',
                label: t('orders.dueAt'),
                value: order.dueAt ? dayjs(order.dueAt).format('YYYY-MM-DD HH:mm') : null,
              },
              { key: 'reason', label: t('orders.rejectReason'), value: order.rejectReason },
              { key: 'description', label: t('orders.description'), value: order.description, span: 2 },
              {
                key: 'media',
                label: t('orders.media'),
                span: 2,
                value: order.media.length
                  ? order.media.map((m) => (
                      <Tag key={m.id} data-testid="order-media-item">
                        {m.name}
                      </Tag>
                    ))
                  : null,
              },
            ]}
          />
          <div>
            <Typography.Title level={5}>{t('orders.history')}</Typography.Title>
            <Timeline events={events} testId="order-history" />
            <Space.Compact style={{ width: '100%' }}>
              <Input
                value={comment}
                placeholder={t('orders.commentPlaceholder')}
                onChange={(e) => setComment(e.target.value)}
                data-testid="order-comment"
              />
              <Button
                disabled={!comment.trim()}
                onClick={async () => {
                  await call(supportRoutes.comment, { body: { id: order.id, text: comment.trim() } });
                  setComment('');
                  await refresh();
                }}
              >
                {t('orders.send')}
              </Button>
            </Space.Compact>
          </div>
        </Space>
      )}
      <Modal
        open={rejecting}
        title={t('orders.rejectTitle')}
        okButtonProps={{ danger: true, disabled: !reason.trim(), 'data-testid': 'order-reject-ok' } as never}
        onCancel={() => setRejecting(false)}
        onOk={async () => {
          await act('reject', reason.trim());
          setRejecting(false);
          setReason('');
        }}
      >
        <Form layout="vertical">
          <Form.Item
            label={t('orders.rejectReason')}
            required
            help={reason.trim() ? undefined : t('orders.rejectReasonRequired')}
          >
            <Input.TextArea
              rows={3}
              maxLength={500}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              data-testid="order-reject-reason"
            />
          </Form.Item>
        </Form>
      </Modal>
    </Drawer>
  );
};

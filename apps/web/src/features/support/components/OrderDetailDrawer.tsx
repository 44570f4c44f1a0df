import type { OrderAction, OrderDetail, OrderEvent } from '@cpm/contracts';
import { supportRoutes } from '@cpm/contracts/routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Card,
  DatePicker,
  Drawer,
  Form,
  Input,
  List,
  Modal,
  Popconfirm,
  Space,
  Tag,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/http';
import type { DialogProps } from '../../../shared/crud';
import { DictTag, queryKeys } from '../../../shared/crud';
import { DescriptionList } from '../../../shared/detail/DescriptionList';
import { Timeline, type TimelineEvent } from '../../../shared/detail/Timeline';
import { useDict } from '../../../shared/dicts/useDict';
import { AssigneeSelect } from './AssigneeSelect';
import { MediaGallery } from './MediaGallery';
import '../support.css';
import { formatTime } from '../../../shared/format/formatTime';
import { NotLoaded } from '../../../shared/page/NotLoaded';

const TONE: Record<string, TimelineEvent['tone']> = {
  create: 'info',
  submit: 'info',
  accept: 'info',
  repair: 'warning',
  return: 'info',
  close: 'success',
  reject: 'error',
  comment: 'neutral',
  assign: 'neutral',
  fault: 'warning',
};

const at = (v: string | null) => (v ? formatTime(v) : null);

/** Who has the order and by when: changed by service staff while the order is not closed or rejected. */
const AssignCard = ({
  order,
  onDone,
}: {
  order: OrderDetail;
  onDone: (fresh?: OrderDetail) => Promise<void>;
}) => {
  const { t } = useTranslation('support');
  const [assignee, setAssignee] = useState<string | undefined>(order.assigneeId ?? undefined);
  const [due, setDue] = useState<Dayjs | null>(order.dueAt ? dayjs(order.dueAt) : null);
  useEffect(() => {
    setAssignee(order.assigneeId ?? undefined);
    setDue(order.dueAt ? dayjs(order.dueAt) : null);
  }, [order.assigneeId, order.dueAt]);
  const save = useMutation({
    mutationFn: () =>
      call(supportRoutes.assign, {
        body: { id: order.id, assigneeId: assignee ?? null, dueAt: due ? due.toISOString() : null },
        notifySuccess: true,
      }),
    onSuccess: (fresh) => onDone(fresh),
  });
  const changed =
    (assignee ?? null) !== order.assigneeId ||
    (due?.toISOString() ?? null) !== (order.dueAt ? dayjs(order.dueAt).toISOString() : null);
  return (
    <Card size="small" title={t('orders.assignTitle')} data-testid="order-assign">
      <Space wrap style={{ width: '100%' }}>
        <div style={{ minWidth: 200 }}>
          <AssigneeSelect value={assignee} onChange={setAssignee} testId="order-assign-to" />
        </div>
        <DatePicker
          showTime={{ format: 'HH:mm' }}
          format="YYYY-MM-DD HH:mm"
          value={due}
          onChange={setDue}
          placeholder={t('orders.dueAt')}
          data-testid="order-assign-due"
        />
        <Button
          type="primary"
          disabled={!changed}
          loading={save.isPending}
          onClick={() => save.mutate()}
          data-testid="order-assign-save"
        >
          {t('orders.assignSave')}
        </Button>
      </Space>
    </Card>
  );
};

/** One order: its facts, photos, the faults that opened it, the actions its state allows, assignment, comments and the full history. */
export const OrderDetailDrawer = ({ id, onClose, onSaved }: DialogProps<{ id: string | null }>) => {
  const { t } = useTranslation('support');
  const faults = useDict('fault_type');
  const client = useQueryClient();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [comment, setComment] = useState('');
  const key = [...queryKeys.supportOrders.all, 'detail', id];
  const read = useQuery({
    queryKey: key,
    enabled: id !== null,
    queryFn: () => call(supportRoutes.detail, { query: { id: id as string }, loading: false }),
  });
  const order = read.data;
  // The order the server answered with is shown at once; the rest (the list, other readers) is
  // read again behind it, so a refresh that raced the step cannot leave the previous state up.
  const refresh = async (fresh?: OrderDetail) => {
    if (fresh) client.setQueryData(key, fresh);
    await client.invalidateQueries({ queryKey: queryKeys.supportOrders.all });
    onSaved();
  };
  // One step at a time: every action button waits while a step is on its way.
  const act = useMutation({
    mutationFn: ({ action, why }: { action: OrderAction; why?: string }) =>
      call(supportRoutes.transition, {
        body: { id: id as string, action, ...(why ? { reason: why } : {}) },
        notifySuccess: true,
      }),
    onSettled: (fresh) => refresh(fresh),
  });
  const send = useMutation({
    mutationFn: (text: string) => call(supportRoutes.comment, { body: { id: id as string, text } }),
    onSuccess: async () => {
      setComment('');
      await refresh();
    },
  });
  const events: TimelineEvent[] = (order?.history ?? []).map((e: OrderEvent) => ({
    key: e.id,
    at: e.at,
    tone: TONE[e.kind] ?? 'info',
    title: (
      <span data-testid="order-event" data-kind={e.kind}>
        <strong>{t(`action.${e.kind}`, { defaultValue: e.kind })}</strong> ·{' '}
        {e.actorName === 'system' ? t('orders.system') : e.actorName}
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
      {!order ? (
        <NotLoaded query={read} />
      ) : (
        <Space direction="vertical" size="large" style={{ width: '100%' }}>
          <Space wrap>
            <DictTag dict="order_status" value={order.status} testId="order-detail-status" />
            <DictTag dict="order_priority" value={order.priority} />
            {order.source !== 'manual' && <Tag color="purple">{t(`orders.sourceOf.${order.source}`)}</Tag>}
            {order.overdue && <Tag color="red">{t('orders.overdue')}</Tag>}
          </Space>
          {order.status === 'draft' && (
            <Typography.Text type="secondary" data-testid="order-draft-hint">
              {t('orders.draftHint')}
            </Typography.Text>
          )}
          {order.actions.length > 0 && (
            <Space wrap data-testid="order-actions">
              {order.actions
                .filter((a) => a !== 'reject')
                .map((a) => (
                  <Popconfirm
                    key={a}
                    title={t('orders.confirmAction')}
                    onConfirm={() => act.mutateAsync({ action: a }).catch(() => undefined)}
                  >
                    <Button type="primary" disabled={act.isPending} data-testid={`order-action-${a}`}>
                      {t(`action.${a}`)}
                    </Button>
                  </Popconfirm>
                ))}
              {order.actions.includes('reject') && (
                <Button
                  danger
                  disabled={act.isPending}
                  data-testid="order-action-reject"
                  onClick={() => setRejecting(true)}
                >
                  {t('action.reject')}
                </Button>
              )}
            </Space>
          )}
          {order.canAssign && <AssignCard order={order} onDone={refresh} />}
          <div className="cpm-support-facts">
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
                { key: 'due', label: t('orders.dueAt'), value: at(order.dueAt) },
                { key: 'reason', label: t('orders.rejectReason'), value: order.rejectReason },
                { key: 'description', label: t('orders.description'), value: order.description, span: 2 },
                {
                  key: 'media',
                  label: t('orders.media'),
                  span: 2,
                  value: order.media.length ? (
                    <MediaGallery items={order.media} testId="order-media-list" />
                  ) : null,
                },
              ]}
            />
          </div>
          {order.faults.length > 0 && (
            <div>
              <Typography.Title level={5}>
                {t('orders.faults', { count: order.faults.length })}
              </Typography.Title>
              <List
                size="small"
                bordered
                dataSource={order.faults}
                data-testid="order-faults"
                renderItem={(f) => (
                  <List.Item>
                    <Space wrap size={[8, 0]}>
                      <Typography.Text type="secondary">{at(f.at)}</Typography.Text>
                      <Typography.Text strong>{f.peripheralName}</Typography.Text>
                      {f.detail && f.detail !== f.peripheralName && <span>{f.detail}</span>}
                    </Space>
                  </List.Item>
                )}
              />
            </div>
          )}
          <div>
            <Typography.Title level={5}>{t('orders.history')}</Typography.Title>
            <Timeline events={events} testId="order-history" />
            <Space.Compact style={{ width: '100%' }}>
              <Input
                value={comment}
                maxLength={500}
                placeholder={t('orders.commentPlaceholder')}
                onChange={(e) => setComment(e.target.value)}
                onPressEnter={() => comment.trim() && !send.isPending && send.mutate(comment.trim())}
                data-testid="order-comment"
              />
              <Button
                disabled={!comment.trim()}
                loading={send.isPending}
                onClick={() => send.mutate(comment.trim())}
                data-testid="order-comment-send"
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
        okButtonProps={
          {
            danger: true,
            disabled: !reason.trim(),
            loading: act.isPending,
            'data-testid': 'order-reject-ok',
          } as never
        }
        onCancel={() => setRejecting(false)}
        onOk={async () => {
          await act.mutateAsync({ action: 'reject', why: reason.trim() });
          setRejecting(false);
          setReason('');
        }}
      >
        <Form name="order-reject" layout="vertical">
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

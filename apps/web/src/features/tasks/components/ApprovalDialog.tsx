import type { TaskRow } from '@cpm/contracts';
import { remoteTaskRoutes } from '@cpm/contracts/routes';
import { useQuery } from '@tanstack/react-query';
import { Alert, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/http';
import { stepUpFresh } from '../../../shared/auth/stepUp';
import type { DialogProps } from '../../../shared/crud';
import { DescriptionList } from '../../../shared/detail/DescriptionList';
import { formatTime } from '../../../shared/format/formatTime';
import { type Decision, DecisionButtons } from '../../../shared/review/DecisionButtons';
import { TASK_NAME_NAMESPACES, taskNameOf } from '../../../shared/text/taskName';
import { RefusedAlert, usePasswordStep } from './passwordStep';

type Fields = { password?: string; reason?: string };

/**
 * The second person's decision on a risky task: approve with their own password, or reject with a
 * reason the creator sees. A refusal (wrong password, someone decided first) stays in the dialog.
 */
export const ApprovalDialog = ({ task, onClose, onSaved }: DialogProps<{ task: TaskRow | null }>) => {
  const { t } = useTranslation(['tasks', ...TASK_NAME_NAMESPACES]);
  const [form] = Form.useForm<Fields>();
  const step = usePasswordStep<Decision>(form);
  // A password entered in this session a few minutes ago stands: the server says so, asked at each opening.
  const fresh =
    useQuery({
      queryKey: ['stepUp', task?.id],
      queryFn: stepUpFresh,
      enabled: task !== null,
      staleTime: 0,
      gcTime: 0,
    }).data === true;

  const decide = async (which: Decision) => {
    if (!task) return;
    let values: Fields;
    try {
      values = await form.validateFields(which === 'approve' ? (fresh ? [] : ['password']) : ['reason']);
    } catch {
      return;
    }
    const done = await step.run(which, () =>
      which === 'approve'
        ? call(remoteTaskRoutes.approve, {
            body: { id: task.id, password: values.password || undefined },
            silent: true,
            notifySuccess: true,
          })
        : call(remoteTaskRoutes.reject, {
            body: { id: task.id, reason: (values.reason ?? '').trim() },
            silent: true,
            notifySuccess: true,
          }),
    );
    if (done) onSaved();
  };

  return (
    <Modal
      open={task !== null}
      title={t('approval.title')}
      onCancel={() => step.cancel(onClose)}
      destroyOnHidden
      width={600}
      footer={
        <DecisionButtons
          busy={step.busy}
          labels={{ cancel: t('cancel'), reject: t('approval.reject'), approve: t('approval.approve') }}
          testIdPrefix="approval"
          onCancel={onClose}
          onDecide={(decision) => void decide(decision)}
        />
      }
    >
      {task && (
        <div data-testid="approval-dialog">
          <DescriptionList
            columns={2}
            items={[
              { key: 'name', label: t('fields.name'), value: taskNameOf(task, t) },
              {
                key: 'type',
                label: t('fields.type'),
                value: `${t(`type.${task.type}`)} · ${t(`platform.${task.platform}`)}`,
              },
              {
                key: 'summary',
                label: t('fields.summary'),
                value: <code className="cpm-task-message">{task.summary}</code>,
              },
              { key: 'creator', label: t('fields.createdBy'), value: task.createdByName },
              {
                key: 'createdAt',
                label: t('fields.createdAt'),
                value: formatTime(task.createdAt),
              },
            ]}
          />
          <Alert type="warning" showIcon style={{ margin: '12px 0' }} message={t('approval.explain')} />
          <RefusedAlert message={step.refused} testId="approval-refused" />
          <Form name="approval" form={form} layout="vertical" requiredMark={false}>
            {!fresh && (
              <Form.Item
                name="password"
                label={t('approval.password')}
                rules={[{ required: true, message: t('password.required') }]}
              >
                <Input.Password autoComplete="current-password" data-testid="approval-password" />
              </Form.Item>
            )}
            <Form.Item
              name="reason"
              label={t('approval.reason')}
              extra={t('approval.reasonHint')}
              rules={[{ required: true, whitespace: true, message: t('approval.reasonRequired') }]}
            >
              <Input.TextArea rows={2} maxLength={500} showCount data-testid="approval-reason" />
            </Form.Item>
          </Form>
        </div>
      )}
    </Modal>
  );
};

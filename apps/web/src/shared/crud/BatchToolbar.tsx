import { CloseOutlined } from '@ant-design/icons';
import { Button, Modal, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../auth/usePermission';
import type { KitAction } from './permission';
import type { Selection } from './useSelection';
import './crud.css';

/** An action on the picked rows; destructive ones always ask first. */
export type BatchAction = KitAction & { run: (ids: string[]) => Promise<unknown> };

type Props = { selection: Selection; actions: BatchAction[]; onDone?: () => void };

/** Shown while rows are picked: how many, the batch actions the user may run, and clear. */
export const BatchToolbar = ({ selection, actions, onDone }: Props) => {
  const { t } = useTranslation('crud');
  const can = usePermission();
  const [modal, holder] = Modal.useModal();
  const allowed = actions.filter((a) => !a.permission || can(a.permission));
  if (!selection.count || !allowed.length) return null;
  const run = async (action: BatchAction) => {
    try {
      await action.run(selection.keys);
      selection.clear();
      onDone?.();
    } catch {
      // The client showed why; the selection stays for another try.
    }
  };
  return (
    <div className="cpm-batch-toolbar" data-testid="batch-toolbar" role="toolbar">
      {holder}
      <strong data-testid="batch-count">{t('batch.selected', { count: selection.count })}</strong>
      <Space wrap size={8}>
        {allowed.map((action) => (
          <Button
            key={action.key}
            size="small"
            danger={action.danger}
            icon={action.icon}
            data-testid={`batch-${action.key}`}
            onClick={() => {
              const question =
                action.confirm ?? (action.danger ? t('batch.confirm', { count: selection.count }) : null);
              if (!question) return void run(action);
              void modal.confirm({
                title: question,
                okButtonProps: { danger: action.danger },
                okText: t('ok'),
                cancelText: t('cancel'),
                onOk: () => run(action),
              });
            }}
          >
            {action.label}
          </Button>
        ))}
        <Button
          size="small"
          type="text"
          icon={<CloseOutlined />}
          onClick={selection.clear}
          data-testid="batch-clear"
        >
          {t('batch.clear')}
        </Button>
      </Space>
    </div>
  );
};

import { DeleteOutlined, EditOutlined, EyeOutlined, MoreOutlined } from '@ant-design/icons';
import { Button, Dropdown, Modal, Space, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../auth/usePermission';
import type { DataColumn } from '../table/DataTable';
import { testIdProps } from '../testId';
import type { KitAction, PermissionKeyLike } from './permission';

/** An action on one row. */
export type RowAction = KitAction & { hidden?: boolean; onClick: () => unknown };

type Props = {
  actions: RowAction[];
  /** Actions shown as buttons; the rest go to the overflow menu. */
  inline?: number;
  /** Icon buttons with a tooltip instead of text links. */
  iconOnly?: boolean;
};

/** A row's actions: only those the user may run, the first few inline, the rest in a menu. */
export const RowActions = ({ actions, inline = 3, iconOnly = true }: Props) => {
  const { t } = useTranslation('crud');
  const can = usePermission();
  const [modal, holder] = Modal.useModal();
  const allowed = actions.filter((a) => !a.hidden && (!a.permission || can(a.permission)));
  const fire = (action: RowAction) => {
    const question = action.confirm ?? (action.danger ? t('row.confirmDelete') : null);
    if (!question) return void action.onClick();
    void modal.confirm({
      title: question,
      okButtonProps: { danger: action.danger, ...testIdProps('confirm-ok') },
      okText: t('ok'),
      cancelText: t('cancel'),
      onOk: async () => {
        try {
          await action.onClick();
        } catch {
          // The client showed why.
        }
      },
    });
  };
  const shown = allowed.length > inline + 1 ? allowed.slice(0, inline) : allowed;
  const rest = allowed.slice(shown.length);
  return (
    <Space size={0} className="cpm-row-actions">
      {holder}
      {shown.map((action) =>
        iconOnly && action.icon ? (
          <Tooltip key={action.key} title={action.label}>
            <Button
              type="link"
              danger={action.danger}
              icon={action.icon}
              aria-label={action.label}
              data-testid={`row-${action.key}`}
              onClick={() => fire(action)}
            />
          </Tooltip>
        ) : (
          <Button
            key={action.key}
            type="link"
            size="small"
            danger={action.danger}
            data-testid={`row-${action.key}`}
            onClick={() => fire(action)}
          >
            {action.label}
          </Button>
        ),
      )}
      {rest.length > 0 && (
        <Dropdown
          trigger={['click']}
          menu={{
            items: rest.map((a) => ({ key: a.key, label: a.label, icon: a.icon, danger: a.danger })),
            onClick: ({ key }) => {
              const action = rest.find((a) => a.key === key);
              if (action) fire(action);
            },
          }}
        >
          <Button type="link" icon={<MoreOutlined />} aria-label={t('row.more')} data-testid="row-more" />
        </Dropdown>
      )}
    </Space>
  );
};

/** The action that opens a row's detail. */
export const viewAction = (label: string, onClick: () => unknown): RowAction => ({
  key: 'view',
  label,
  icon: <EyeOutlined />,
  onClick,
});

/** The edit action of a row. */
export const editAction = (
  label: string,
  permission: PermissionKeyLike,
  onClick: () => unknown,
): RowAction => ({
  key: 'edit',
  label,
  icon: <EditOutlined />,
  permission,
  onClick,
});

/** The delete action of a row: destructive, so it asks first. */
export const deleteAction = (
  label: string,
  permission: PermissionKeyLike,
  confirm: string,
  onClick: () => unknown,
): RowAction => ({
  key: 'delete',
  label,
  icon: <DeleteOutlined />,
  permission,
  danger: true,
  confirm,
  onClick,
});

/** A list's actions column: each row's actions, pinned to the right when asked. */
export const actionsColumn = <T,>(
  title: string,
  actionsOf: (row: T) => RowAction[],
  { fixed, width, inline }: { fixed?: 'right'; width?: number; inline?: number } = {},
): DataColumn<T> => ({
  key: 'actions',
  title,
  fixed,
  width,
  render: (_, row) => <RowActions actions={actionsOf(row)} inline={inline} />,
});

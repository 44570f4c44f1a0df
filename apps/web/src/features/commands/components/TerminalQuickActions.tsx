import { AppstoreAddOutlined, CodeOutlined, DesktopOutlined, PoweroffOutlined } from '@ant-design/icons';
import { commandRoutes } from '@cpm/contracts/routes';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Space, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { call } from '../../../api/http';
import { Auth } from '../../../shared/auth/Auth';
import type { PermissionKeyLike } from '../../../shared/crud/permission';
import { commandKeys } from './CommandDetailDrawer';

/** A terminal as the quick actions need it. */
export type QuickTerminal = { sn: string; online: boolean; platform: string };

/** One action: hidden without its permission; when it cannot run, disabled with the reason as its tooltip. */
const Action = ({
  permission,
  icon,
  label,
  why,
  onClick,
  testId,
}: {
  permission: PermissionKeyLike;
  icon: ReactNode;
  label: string;
  why: string | null;
  onClick: () => void;
  testId: string;
}) => (
  <Auth permission={permission}>
    <Tooltip title={why ?? undefined}>
      <span>
        <Button icon={icon} disabled={why !== null} onClick={onClick} data-testid={testId}>
          {label}
        </Button>
      </span>
    </Tooltip>
  </Auth>
);

/**
 * Push an app, run a command, reboot and open the remote desktop for the chosen terminals. Pushing
 * and commands open their own pages prefilled (the install flow and its step-up stay there); the
 * reboot is the remote commands' reboot, confirmed here; the remote desktop takes exactly one online
 * terminal.
 */
export const TerminalQuickActions = ({ terminals }: { terminals: QuickTerminal[] }) => {
  const { t } = useTranslation('commands');
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const sns = terminals.map((x) => x.sn);
  const online = terminals.filter((x) => x.online);
  const platforms = [...new Set(terminals.map((x) => x.platform))];
  const none = terminals.length ? null : t('quick.chooseFirst');
  const list = encodeURIComponent(sns.join(','));

  // A task, and so a command, reaches terminals of one platform.
  const pushWhy = none ?? (platforms.length > 1 ? t('quick.mixedPlatforms') : null);
  const rebootWhy = pushWhy ?? (online.length ? null : t('quick.noneOnline'));
  const remoteWhy =
    none ??
    (terminals.length > 1 ? t('quick.remoteOne') : terminals[0]?.online ? null : t('quick.remoteOffline'));

  const reboot = () =>
    modal.confirm({
      title: t('run.confirmTitle', { op: t('ops.reboot') }),
      content:
        online.length < terminals.length
          ? `${t('run.confirmBody', { count: online.length })} ${t('quick.offlineSkipped', { count: terminals.length - online.length })}`
          : t('run.confirmBody', { count: online.length }),
      okText: t('run.go'),
      okButtonProps: { danger: true, 'data-testid': 'quick-reboot-ok' } as never,
      onOk: async () => {
        const row = await call(commandRoutes.run, {
          body: { sns: online.map((x) => x.sn), command: { op: 'reboot' }, queueOffline: false },
          notifySuccess: false,
        });
        message.success(t('run.sent', { count: row.counts.total }));
        void queryClient.invalidateQueries({ queryKey: commandKeys.all });
      },
    });

  return (
    <Space wrap data-testid="terminal-quick-actions">
      <Action
        permission="task:create:add"
        icon={<AppstoreAddOutlined />}
        label={t('quick.pushApp')}
        why={pushWhy}
        onClick={() =>
          navigate(
            `/longRange/index?type=app_install&platform=${encodeURIComponent(platforms[0] ?? '')}&sns=${list}`,
          )
        }
        testId="quick-push-app"
      />
      <Action
        permission="remote:command:command"
        icon={<CodeOutlined />}
        label={t('quick.runCommand')}
        why={pushWhy}
        onClick={() => navigate(`/remote/common?sns=${list}`)}
        testId="quick-run-command"
      />
      <Action
        permission="remote:command:command"
        icon={<PoweroffOutlined />}
        label={t('ops.reboot')}
        why={rebootWhy}
        onClick={reboot}
        testId="quick-reboot"
      />
      <Action
        permission="remote:desktop:connect"
        icon={<DesktopOutlined />}
        label={t('quick.remote')}
        why={remoteWhy}
        onClick={() => navigate(`/remote/index?sn=${encodeURIComponent(sns[0] ?? '')}`)}
        testId="quick-remote"
      />
    </Space>
  );
};

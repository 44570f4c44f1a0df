import { CameraOutlined, DeleteOutlined } from '@ant-design/icons';
import { commandRoutes, remoteTaskRoutes } from '@cpm/contracts/routes';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Checkbox,
  Form,
  Input,
  Modal,
  Radio,
  Select,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/http';
import { Auth } from '../../../shared/auth/Auth';
import { unlessSteppedUp } from '../../../shared/auth/stepUp';
import { ToolbarButton } from '../../../shared/crud';
import { testIdProps } from '../../../shared/testId';
import { installedAppLabel } from '../../../shared/text/installedApp';
import { useCommandRound } from '../hooks/useCommandRound';
import { CapturedFileList } from './CapturedFileList';

/** How long the console waits for a requested screenshot before saying the terminal timed out. */
const SCREENSHOT_WAIT_MS = 60_000;

type TerminalLike = {
  sn: string;
  online: boolean;
  platform: string;
  apps: Record<string, unknown>[];
  /** The app market's names of the installed packages it knows. */
  appNames?: Record<string, string>;
};

const filesKey = (sn: string) => ['terminal-captured-files', sn] as const;

/** A day from now: how long a task from the device page waits for the terminal. */
const dayAhead = () => new Date(Date.now() + 24 * 3600_000).toISOString();

/**
 * The captured files tab: screenshots and logs the terminal sent back, downloadable; a screenshot
 * taken from here is a remote command, followed until it arrives (or the terminal times out).
 */
export const TerminalFilesTab = ({ terminal }: { terminal: TerminalLike }) => {
  const { t } = useTranslation('commands');
  const files = useQuery({
    queryKey: filesKey(terminal.sn),
    queryFn: () => call(commandRoutes.terminalFiles, { query: { sn: terminal.sn }, loading: false }),
  });
  const round = useCommandRound({
    sn: terminal.sn,
    command: { op: 'screenshot' },
    waitMs: SCREENSHOT_WAIT_MS,
    refresh: filesKey(terminal.sn),
  });

  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="device-files">
      {!terminal.online && <Alert type="warning" showIcon message={t('device.offline')} />}
      {round.timedOut && <Alert type="error" showIcon message={t('device.timeout')} />}
      {round.failed && <Alert type="error" showIcon message={round.failed} />}
      <ToolbarButton
        permission="remote:command:command"
        label={t('device.screenshot')}
        icon={<CameraOutlined />}
        disabled={!terminal.online}
        loading={round.busy}
        onClick={() => void round.start().catch(() => undefined)}
        testId="device-take-screenshot"
      />
      <CapturedFileList files={files.data ?? []} />
    </Space>
  );
};

/** Asks for the password a risky task needs, then creates it. */
const usePasswordTask = () => {
  const [pending, setPending] = useState<((password: string) => Promise<void>) | null>(null);
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const { t } = useTranslation('commands');
  const modal = (
    <Modal
      open={Boolean(pending)}
      title={t('device.passwordTitle')}
      confirmLoading={busy}
      okButtonProps={{ disabled: !password, ...testIdProps('device-task-password-ok') }}
      onCancel={() => setPending(null)}
      onOk={async () => {
        if (!pending) return;
        setBusy(true);
        try {
          await pending(password);
          setPending(null);
          setPassword('');
        } catch {
          // Shown by the API.
        } finally {
          setBusy(false);
        }
      }}
      destroyOnHidden
    >
      <Input.Password
        autoFocus
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        data-testid="device-task-password"
      />
    </Modal>
  );
  return {
    ask: (run: (password?: string) => Promise<void>) =>
      unlessSteppedUp(
        () => setPending(() => run),
        () => run().catch(() => undefined),
      ),
    modal,
  };
};

/**
 * The permission tab: each app's runtime permissions as the terminal reports them, and a permission
 * task (grant or revoke) aimed at this terminal.
 */
export const TerminalPermissionsTab = ({ terminal }: { terminal: TerminalLike }) => {
  const { t } = useTranslation('commands');
  const { message } = App.useApp();
  const [form] = Form.useForm<{ packageName: string; permissions: string[]; action: 'grant' | 'revoke' }>();
  const password = usePasswordTask();
  const apps = terminal.apps.map((a) => ({
    packageName: String(a.packageName),
    name: installedAppLabel(a, terminal.appNames ?? {}).name ?? String(a.packageName),
    permissions: Array.isArray(a.permissions) ? (a.permissions as string[]) : [],
  }));
  const submit = async () => {
    const v = await form.validateFields();
    password.ask(async (pw) => {
      await call(remoteTaskRoutes.create, {
        body: {
          platform: 'android',
          type: 'permission',
          params: v,
          targets: { sns: [terminal.sn] },
          timing: { expireAt: dayAhead() },
          password: pw,
        } as never,
      });
      message.success(t('device.permissionSent'));
      form.resetFields(['permissions']);
    });
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle" data-testid="device-permissions">
      {!terminal.online && <Alert type="info" showIcon message={t('device.offline')} />}
      <Table
        size="small"
        rowKey="packageName"
        pagination={false}
        dataSource={apps}
        scroll={{ x: 480 }}
        columns={[
          { title: t('device.permissionApp'), dataIndex: 'name' },
          { title: t('device.permissionPackage'), dataIndex: 'packageName' },
          {
            title: t('device.permissions'),
            dataIndex: 'permissions',
            render: (p: string[]) =>
              p.length ? (
                <Space size={4} wrap>
                  {p.map((x) => (
                    <Tag key={x} color="success">
                      {x.replace(/^android\.permission\./, '')}
                    </Tag>
                  ))}
                </Space>
              ) : (
                <Typography.Text type="secondary">-</Typography.Text>
              ),
          },
        ]}
      />
      {terminal.platform === 'android' && (
        <Auth permission="task:create:add">
          <Form
            name="permission-tool"
            form={form}
            layout="inline"
            initialValues={{ action: 'grant' }}
            style={{ rowGap: 8 }}
          >
            <Form.Item name="packageName" rules={[{ required: true }]}>
              <Select
                style={{ minWidth: 200 }}
                placeholder={t('device.permissionApp')}
                // Inline fields have no visible label: the placeholder names them.
                aria-label={t('device.permissionApp')}
                options={apps.map((a) => ({ value: a.packageName, label: a.name }))}
                data-testid="permission-app"
              />
            </Form.Item>
            <Form.Item name="permissions" rules={[{ required: true, type: 'array', min: 1 }]}>
              <Select
                mode="tags"
                style={{ minWidth: 260 }}
                placeholder={t('device.permissionPlaceholder')}
                aria-label={t('device.permissionPlaceholder')}
                options={[
                  'android.permission.CAMERA',
                  'android.permission.ACCESS_FINE_LOCATION',
                  'android.permission.READ_EXTERNAL_STORAGE',
                  'android.permission.BLUETOOTH_CONNECT',
                ].map((p) => ({ value: p, label: p }))}
                data-testid="permission-names"
              />
            </Form.Item>
            <Form.Item name="action">
              <Radio.Group
                optionType="button"
                options={[
                  { value: 'grant', label: t('device.grant') },
                  { value: 'revoke', label: t('device.revoke') },
                ]}
              />
            </Form.Item>
            <Button
              type="primary"
              onClick={() => void submit().catch(() => undefined)}
              data-testid="permission-send"
            >
              {t('device.grant')} / {t('device.revoke')}
            </Button>
          </Form>
        </Auth>
      )}
      {password.modal}
    </Space>
  );
};

/** Uninstalls an app from one terminal through an uninstall task. */
export const UninstallButton = ({
  terminal,
  app,
}: {
  terminal: Pick<TerminalLike, 'sn' | 'platform'>;
  app: { packageName: string; name?: string };
}) => {
  const { t } = useTranslation('commands');
  const { modal, message } = App.useApp();
  const confirm = () => {
    let keepData = false;
    modal.confirm({
      title: t('device.uninstallConfirm', { name: app.name ?? app.packageName }),
      content: <Checkbox onChange={(e) => (keepData = e.target.checked)}>{t('device.keepData')}</Checkbox>,
      okButtonProps: { danger: true },
      okText: t('device.uninstall'),
      onOk: async () => {
        await call(remoteTaskRoutes.create, {
          body: {
            platform: terminal.platform === 'windows' ? 'windows' : 'android',
            type: 'app_uninstall',
            params: { packageName: app.packageName, keepData },
            targets: { sns: [terminal.sn] },
            timing: { expireAt: dayAhead() },
          } as never,
        });
        message.success(t('device.uninstallSent'));
      },
    });
  };
  return (
    <Auth permission="task:create:add">
      <Button
        size="small"
        danger
        type="text"
        icon={<DeleteOutlined />}
        onClick={confirm}
        data-testid={`uninstall-${app.packageName}`}
      >
        {t('device.uninstall')}
      </Button>
    </Auth>
  );
};

import { DesktopOutlined, EyeOutlined } from '@ant-design/icons';
import { devicesRoutes } from '@cpm/contracts/routes';
import { useQuery } from '@tanstack/react-query';
import { Form, Input, Modal, Radio, Select, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { call } from '../../../api/http';
import { unlessSteppedUp } from '../../../shared/auth/stepUp';
import { usePermission } from '../../../shared/auth/usePermission';
import { ToolbarButton } from '../../../shared/crud';
import { FLEET_QUERY_ROOT } from '../../../shared/live/useLiveEvents';
import { testIdProps } from '../../../shared/testId';

/**
 * Picks an online terminal and opens a session on it: to control (asks for the user's password
 * again) or to watch.
 */
export const ConnectBar = ({
  busy,
  onOpen,
}: {
  busy: boolean;
  onOpen: (sn: string, mode: 'control' | 'view', password?: string) => Promise<void>;
}) => {
  const { t } = useTranslation('remote');
  const can = usePermission();
  const [params] = useSearchParams();
  const [search, setSearch] = useState('');
  const [sn, setSn] = useState<string | undefined>(params.get('sn') ?? undefined);
  // A page already open takes the terminal a later `?sn=` names (the device list's remote desktop).
  const named = params.get('sn');
  useEffect(() => {
    if (named) setSn(named);
  }, [named]);
  const [mode, setMode] = useState<'control' | 'view'>(can('remote:desktop:control') ? 'control' : 'view');
  const [asking, setAsking] = useState(false);
  const [password, setPassword] = useState('');
  const [opening, setOpening] = useState(false);
  const terminals = useQuery({
    queryKey: [FLEET_QUERY_ROOT, 'remote-online', search],
    queryFn: () =>
      call(devicesRoutes.terminalPage, {
        query: { online: 'true', sn: search || undefined, current: 1, size: 20 },
        loading: false,
        silent: true,
      }),
  });
  const open = async (pw?: string) => {
    if (!sn) return;
    setOpening(true);
    try {
      await onOpen(sn, mode, pw);
      setAsking(false);
      setPassword('');
    } catch {
      // The API has shown why.
    } finally {
      setOpening(false);
    }
  };
  return (
    <div className="cpm-remote-connect" data-testid="remote-connect-bar">
      <Select
        showSearch
        allowClear
        value={sn}
        placeholder={t('pickTerminal')}
        aria-label={t('pickTerminal')}
        filterOption={false}
        onSearch={(v) => setSearch(v.trim().toUpperCase())}
        onChange={(v?: string) => setSn(v)}
        notFoundContent={<Typography.Text type="secondary">{t('noOnline')}</Typography.Text>}
        loading={terminals.isFetching}
        data-testid="remote-terminal-select"
        options={(terminals.data?.records ?? []).map((r) => ({
          value: r.sn,
          label: r.name && r.name !== r.sn ? `${r.sn} · ${r.name}` : r.sn,
        }))}
      />
      <Radio.Group
        value={mode}
        optionType="button"
        onChange={(e) => setMode(e.target.value as 'control' | 'view')}
        data-testid="remote-mode"
        options={[
          { value: 'control', label: t('modes.control'), disabled: !can('remote:desktop:control') },
          { value: 'view', label: t('modes.view') },
        ]}
      />
      <ToolbarButton
        permission="remote:desktop:connect"
        label={t('connect')}
        type="primary"
        icon={mode === 'control' ? <DesktopOutlined /> : <EyeOutlined />}
        disabled={!sn || busy}
        loading={opening && !asking}
        testId="remote-connect"
        onClick={() =>
          void (mode === 'control'
            ? unlessSteppedUp(
                () => setAsking(true),
                () => open(),
              )
            : open())
        }
      />
      <Modal
        open={asking}
        title={t('passwordTitle')}
        okText={t('connect')}
        confirmLoading={opening}
        okButtonProps={{ disabled: !password, ...testIdProps('remote-password-ok') }}
        onOk={() => void open(password)}
        onCancel={() => {
          setAsking(false);
          setPassword('');
        }}
        destroyOnHidden
      >
        <Form name="remote-connect" layout="vertical" onFinish={() => void open(password)}>
          <Typography.Paragraph type="secondary">{t('passwordHint', { sn })}</Typography.Paragraph>
          <Form.Item label={t('password')} required>
            <Input.Password
              autoFocus
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              onPressEnter={() => void open(password)}
              data-testid="remote-password"
            />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
};

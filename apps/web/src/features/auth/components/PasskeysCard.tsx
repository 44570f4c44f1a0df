import type { Passkey } from '@cpm/contracts';
import { passkeysRoutes } from '@cpm/contracts/routes';
import { Button, Card, Input, Modal, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/http';
import { formatTime } from '../../../shared/format/formatTime';
import { addPasskey, passkeysSupported } from '../passkeys';
import { RecoveryCodes } from './TotpEnrolment';

/** A first name for a new passkey: the kind of device it is made on. */
const deviceName = () => {
  const ua = navigator.userAgent;
  const os = /iPhone|iPad/.test(ua)
    ? 'iPhone'
    : /Android/.test(ua)
      ? 'Android'
      : /Mac/.test(ua)
        ? 'Mac'
        : /Windows/.test(ua)
          ? 'Windows'
          : 'Linux';
  return `${os} ${new Date().toISOString().slice(0, 10)}`;
};

/**
 * The signed-in user's passkeys: add one (named), rename, remove. The first factor of an account
 * shows its recovery codes once.
 */
export const PasskeysCard = ({ passkeys, onChanged }: { passkeys: Passkey[]; onChanged: () => void }) => {
  const { t } = useTranslation('auth');
  const [naming, setNaming] = useState<{ id: string | null; name: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);

  const save = async () => {
    if (!naming) return;
    const name = naming.name.trim();
    if (!name) return;
    setBusy(true);
    try {
      if (naming.id) {
        await call(passkeysRoutes.rename, { body: { id: naming.id, name }, notifySuccess: true });
      } else {
        const added = await addPasskey(name);
        if (!added) return;
        if (added.recoveryCodes.length) setCodes(added.recoveryCodes);
      }
      setNaming(null);
      onChanged();
    } catch {
      // The client showed why.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card
      title={t('passkey.title')}
      style={{ marginBottom: 16 }}
      extra={
        passkeysSupported() && (
          <Button
            type="primary"
            onClick={() => setNaming({ id: null, name: deviceName() })}
            data-testid="passkey-add"
          >
            {t('passkey.add')}
          </Button>
        )
      }
    >
      <Typography.Paragraph type="secondary">
        {passkeysSupported() ? t('passkey.about') : t('passkey.unsupported')}
      </Typography.Paragraph>
      <Table<Passkey>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={passkeys}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('passkey.none') }}
        data-testid="passkey-list"
        columns={[
          {
            title: t('passkey.name'),
            dataIndex: 'name',
            render: (name: string, row) => (
              <Space>
                {name}
                {row.synced && <Tag>{t('passkey.synced')}</Tag>}
              </Space>
            ),
          },
          { title: t('passkey.created'), dataIndex: 'createdAt', render: (v: string) => formatTime(v) },
          {
            title: t('factor.lastUsed'),
            dataIndex: 'lastUsedAt',
            render: (v: string | null) => formatTime(v),
          },
          {
            title: t('sessions.actions'),
            key: 'actions',
            render: (_, row) => (
              <Space>
                <Button type="link" size="small" onClick={() => setNaming({ id: row.id, name: row.name })}>
                  {t('passkey.rename')}
                </Button>
                <Popconfirm
                  title={t('passkey.removeConfirm', { name: row.name })}
                  onConfirm={() =>
                    call(passkeysRoutes.remove, { body: { id: row.id }, notifySuccess: true })
                      .catch(() => undefined)
                      .then(onChanged)
                  }
                >
                  <Button type="link" size="small" danger>
                    {t('passkey.remove')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={naming !== null}
        title={naming?.id ? t('passkey.rename') : t('passkey.add')}
        okText={naming?.id ? t('passkey.save') : t('passkey.create')}
        confirmLoading={busy}
        onOk={() => void save()}
        onCancel={() => setNaming(null)}
        destroyOnHidden
      >
        <label htmlFor="passkey-name">{t('passkey.name')}</label>
        <Input
          id="passkey-name"
          value={naming?.name ?? ''}
          maxLength={64}
          onChange={(e) => setNaming((n) => (n ? { ...n, name: e.target.value } : n))}
          onPressEnter={() => void save()}
          data-testid="passkey-name"
        />
        {!naming?.id && (
          <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
            {t('passkey.createHint')}
          </Typography.Paragraph>
        )}
      </Modal>
      <Modal open={codes !== null} title={t('factor.recoveryTitle')} footer={null} closable={false}>
        {codes && <RecoveryCodes codes={codes} onDone={() => setCodes(null)} doneLabel={t('factor.done')} />}
      </Modal>
    </Card>
  );
};

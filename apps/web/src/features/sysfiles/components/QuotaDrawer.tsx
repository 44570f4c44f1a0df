import type { StorageAccount } from '@cpm/contracts';
import { sysFileRoutes } from '@cpm/contracts/routes';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Drawer, Input, InputNumber, Modal, Progress, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/http';
import { queryKeys } from '../../../shared/crud';
import { fixedPaging, readRows } from '../../../shared/table/readRows';
import { formatBytes } from '../../../shared/upload/formatBytes';

const MiB = 1024 * 1024;
const PAGE_SIZE = 10;

/** Used share of a quota, for the bar (a zero quota is full at once). */
const usedPercent = (a: StorageAccount) =>
  a.quotaBytes === null
    ? 0
    : a.quotaBytes === 0
      ? 100
      : Math.min(100, Math.round((a.usedBytes / a.quotaBytes) * 100));

/** Sets or clears one account's quota, in MiB (mounted per account, starting from its quota). */
const QuotaDialog = ({ account, onClose }: { account: StorageAccount; onClose: () => void }) => {
  const { t } = useTranslation('sysfiles');
  const queryClient = useQueryClient();
  // An account on the default quota starts from nothing typed: saving sets a quota of its own.
  const [mib, setMib] = useState<number | null>(
    account.quotaBytes === null || account.quotaDefault ? null : Math.ceil(account.quotaBytes / MiB),
  );
  const [saving, setSaving] = useState(false);
  const save = async (quotaBytes: number | null) => {
    setSaving(true);
    try {
      await call(sysFileRoutes.setQuota, {
        body: { ownerId: account.ownerId, quotaBytes },
        notifySuccess: true,
      });
      await queryClient.invalidateQueries({ queryKey: queryKeys.sysFiles.all });
      onClose();
    } catch {
      // The client showed why.
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open
      title={t('quota.editTitle', { name: account.username })}
      onCancel={onClose}
      footer={
        <Space wrap>
          <Button onClick={onClose}>{t('quota.cancel')}</Button>
          <Button
            danger
            disabled={account.quotaDefault}
            loading={saving}
            onClick={() => void save(null)}
            data-testid="quota-clear"
          >
            {t('quota.clear')}
          </Button>
          <Button
            type="primary"
            disabled={mib === null}
            loading={saving}
            onClick={() => void save(Math.round((mib ?? 0) * MiB))}
            data-testid="quota-save"
          >
            {t('quota.save')}
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">
        {t('quota.used', { used: formatBytes(account.usedBytes) })}
      </Typography.Paragraph>
      <InputNumber
        min={0}
        max={1024 * 1024}
        precision={0}
        value={mib}
        onChange={(v) => setMib(v)}
        suffix="MB"
        style={{ width: '100%' }}
        placeholder={t('quota.none')}
        data-testid="quota-input"
      />
    </Modal>
  );
};

/**
 * The platform administrators' view of storage: every account by space used, largest first, with
 * its quota; a quota is set or cleared per account.
 */
export const QuotaDrawer = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const { t } = useTranslation('sysfiles');
  const [username, setUsername] = useState('');
  const [current, setCurrent] = useState(1);
  const [editing, setEditing] = useState<StorageAccount | null>(null);
  const page = useQuery({
    queryKey: [...queryKeys.sysFiles.all, 'quotas', username, current],
    queryFn: () =>
      call(sysFileRoutes.quotaPage, {
        query: { current, size: PAGE_SIZE, username: username || undefined },
        loading: false,
      }),
    enabled: open,
  });
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('quota.title')}
      size="large"
      destroyOnHidden
      data-testid="quota-drawer"
    >
      <Input.Search
        allowClear
        placeholder={t('quota.search')}
        onSearch={(v) => {
          setUsername(v.trim());
          setCurrent(1);
        }}
        style={{ marginBottom: 16 }}
        data-testid="quota-search"
      />
      <Table<StorageAccount>
        rowKey="ownerId"
        size="small"
        loading={page.isFetching}
        {...readRows(page.data?.records, page)}
        scroll={{ x: 'max-content' }}
        pagination={fixedPaging(current, PAGE_SIZE, page.data?.total, setCurrent)}
        columns={[
          {
            key: 'account',
            title: t('quota.account'),
            render: (_, a) => (
              <Space orientation="vertical" size={0}>
                <span data-testid="quota-account">{a.username}</span>
                {a.companyName && <span className="cpm-text-secondary">{a.companyName}</span>}
              </Space>
            ),
          },
          {
            key: 'used',
            title: t('quota.usedColumn'),
            render: (_, a) => (
              <Space orientation="vertical" size={0} style={{ minWidth: 140 }}>
                <span>
                  {a.quotaBytes === null
                    ? formatBytes(a.usedBytes)
                    : `${formatBytes(a.usedBytes)} / ${formatBytes(a.quotaBytes)}`}
                  {a.quotaBytes !== null && a.quotaDefault && (
                    <Tag style={{ marginInlineStart: 8 }} data-testid="quota-default">
                      {t('quota.default')}
                    </Tag>
                  )}
                </span>
                {a.quotaBytes === null ? (
                  <span className="cpm-text-secondary">{t('quota.none')}</span>
                ) : (
                  <Progress
                    size="small"
                    aria-label={`${t('quota.usedColumn')}: ${a.username}`}
                    percent={usedPercent(a)}
                    status={a.usedBytes >= a.quotaBytes ? 'exception' : 'normal'}
                  />
                )}
              </Space>
            ),
          },
          {
            key: 'actions',
            title: t('actions'),
            render: (_, a) => (
              <Typography.Link onClick={() => setEditing(a)} data-testid="quota-edit">
                {t('quota.edit')}
              </Typography.Link>
            ),
          },
        ]}
      />
      {editing && <QuotaDialog key={editing.ownerId} account={editing} onClose={() => setEditing(null)} />}
    </Drawer>
  );
};

import { AuditOutlined } from '@ant-design/icons';
import { type AppReviewStatus, type AuditRow, isDangerousPermission } from '@cpm/contracts';
import { appMarketRoutes } from '@cpm/contracts/routes';
import { Alert, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { call } from '../../../api/http';
import {
  actionsColumn,
  CrudListView,
  queryKeys,
  selectFilter,
  useCrudList,
  viewAction,
} from '../../../shared/crud';
import { DescriptionList } from '../../../shared/detail/DescriptionList';
import { ReviewDialog } from '../../../shared/review/ReviewDialog';
import type { DataColumn } from '../../../shared/table/DataTable';
import { timeColumn } from '../../../shared/table/timeColumn';
import { formatBytes } from '../../../shared/upload/formatBytes';
import { AppIcon, ReviewTag } from '../components/AppTags';

type Filter = { keyword?: string; status?: AppReviewStatus; platform?: 'android' | 'windows' };

const short = (p: string) => p.replace('android.permission.', '');

/** What changed against the previous version: permissions (new dangerous ones flagged), signer, SDK. */
const Diff = ({ row }: { row: AuditRow }) => {
  const { t } = useTranslation('appmarket');
  const { version: v, previous: p } = row;
  const permissions = (list: string[], added: boolean) =>
    list.length ? (
      <Space size={[4, 4]} wrap>
        {list.map((perm) => (
          <Tag key={perm} color={added && isDangerousPermission(perm) ? 'red' : added ? 'orange' : 'default'}>
            {added ? '+' : '−'} {short(perm)}
          </Tag>
        ))}
      </Space>
    ) : (
      t('none')
    );
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="audit-diff">
      {row.newDangerousPermissions.length > 0 && (
        <Alert
          type="error"
          showIcon
          data-testid="audit-dangerous"
          message={t('audit.newDangerous', { list: row.newDangerousPermissions.map(short).join(', ') })}
        />
      )}
      {row.signerChanged && (
        <Alert type="error" showIcon data-testid="audit-signer-changed" message={t('audit.signerChanged')} />
      )}
      <DescriptionList
        columns={2}
        items={[
          { key: 'app', label: t('name'), value: `${row.app.name} (${row.app.packageName})`, span: 2 },
          {
            key: 'version',
            label: t('version'),
            value: `${v.versionName} (${v.versionCode})${p ? ` ← ${p.versionName} (${p.versionCode})` : ` · ${t('audit.firstVersion')}`}`,
            span: 2,
          },
          {
            key: 'size',
            label: t('size'),
            value: `${formatBytes(v.size)}${p ? ` ← ${formatBytes(p.size)}` : ''}`,
          },
          {
            key: 'sdk',
            label: t('sdk'),
            value: (
              <span>
                {v.minSdk ?? '-'} / {v.targetSdk ?? '-'}
                {p && row.minSdkChanged && (
                  <Tag color="orange" style={{ marginLeft: 8 }}>
                    {t('audit.minSdkWas', { sdk: p.minSdk ?? '-' })}
                  </Tag>
                )}
              </span>
            ),
          },
          { key: 'added', label: t('audit.added'), value: permissions(row.addedPermissions, true), span: 2 },
          {
            key: 'removed',
            label: t('audit.removed'),
            value: permissions(row.removedPermissions, false),
            span: 2,
          },
          {
            key: 'signer',
            label: t('signer'),
            value: v.signerSha256 ? (
              <Typography.Text code style={{ wordBreak: 'break-all' }}>
                {v.signerSha256}
              </Typography.Text>
            ) : (
              ''
            ),
            span: 2,
          },
          { key: 'notesEn', label: t('releaseNotesEn'), value: v.releaseNotesEn, span: 2 },
          { key: 'notesZh', label: t('releaseNotesZh'), value: v.releaseNotesZh, span: 2 },
          { key: 'models', label: t('models'), value: v.models.join(', ') || t('allModels'), span: 2 },
        ]}
      />
    </Space>
  );
};

/** Versions waiting for review, each compared with its previous version (spec: /appMarket/appAudit). */
export const AppAuditPage = () => {
  const { t } = useTranslation('appmarket');
  const navigate = useNavigate();
  const [open, setOpen] = useState<AuditRow | null>(null);
  const list = useCrudList<AuditRow & { id: string }, Filter>({
    queryKey: [...queryKeys.appMarket.all, 'audit'],
    filterKeys: ['keyword', 'status', 'platform'],
    fetchPage: async ({ current, size, keyword, status, platform }) => {
      const page = await call(appMarketRoutes.auditPage, {
        query: { current, size, keyword, status, platform },
        loading: false,
      });
      return { ...page, records: page.records.map((r) => ({ ...r, id: r.version.id })) };
    },
  });
  const decide = async (row: AuditRow, approved: boolean, reason?: string) => {
    await call(appMarketRoutes.audit, {
      body: { id: row.version.id, approved, reason } as never,
      notifySuccess: true,
    });
    setOpen(null);
    await list.invalidate();
  };
  const columns: DataColumn<AuditRow & { id: string }>[] = [
    {
      key: 'app',
      title: t('name'),
      render: (_, r) => (
        <Space>
          <AppIcon app={r.app} size={32} />
          <span>
            {r.app.name}
            <br />
            <Typography.Text type="secondary">{r.app.packageName}</Typography.Text>
          </span>
        </Space>
      ),
    },
    {
      key: 'version',
      title: t('version'),
      render: (_, r) => `${r.version.versionName} (${r.version.versionCode})`,
    },
    {
      key: 'platform',
      title: t('platform'),
      render: (_, r) => (r.app.platform === 'windows' ? 'Windows' : 'Android'),
    },
    {
      key: 'status',
      title: t('reviewState'),
      render: (_, r) => <ReviewTag status={r.version.reviewStatus} />,
    },
    {
      key: 'flags',
      title: t('audit.flags'),
      render: (_, r) => (
        <Space size={4} wrap>
          {r.newDangerousPermissions.length > 0 && (
            <Tag color="red" data-testid="flag-dangerous">
              {t('audit.dangerousCount', { count: r.newDangerousPermissions.length })}
            </Tag>
          )}
          {r.signerChanged && <Tag color="red">{t('audit.signerChangedShort')}</Tag>}
          {!r.previous && <Tag>{t('audit.firstVersion')}</Tag>}
        </Space>
      ),
    },
    { key: 'submittedBy', title: t('audit.submittedBy'), render: (_, r) => r.submittedBy || r.app.ownerName },
    timeColumn('updatedAt', t('updatedAt'), { field: ['version', 'updatedAt'] }),
    actionsColumn(
      t('actions'),
      (r) => [
        {
          key: 'review',
          label: t('audit.review'),
          icon: <AuditOutlined />,
          onClick: () => setOpen(r),
        },
        viewAction(t('detail'), () => navigate(`/appMarket/appDetail?id=${r.app.id}`)),
      ],
      { fixed: 'right' },
    ),
  ];
  return (
    <CrudListView<AuditRow & { id: string }, Filter>
      testId="app-audit-page"
      list={list}
      filters={[
        { name: 'keyword', label: t('search') },
        selectFilter('status', t('reviewState'), ['pending', 'approved', 'rejected'], (s) =>
          t(`review.${s}`),
        ),
        {
          name: 'platform',
          label: t('platform'),
          options: [
            { value: 'android', label: 'Android' },
            { value: 'windows', label: 'Windows' },
          ],
        },
      ]}
      columns={columns}
    >
      <ReviewDialog
        open={open !== null}
        title={open ? t('audit.title', { name: open.app.name, version: open.version.versionName }) : ''}
        summary={open && <Diff row={open} />}
        history={open?.history ?? []}
        canDecide={open?.version.reviewStatus === 'pending'}
        onApprove={() => (open ? decide(open, true) : Promise.resolve())}
        onReject={(reason) => (open ? decide(open, false, reason) : Promise.resolve())}
        onClose={() => setOpen(null)}
      />
    </CrudListView>
  );
};

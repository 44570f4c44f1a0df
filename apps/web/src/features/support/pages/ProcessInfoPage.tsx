import { EditOutlined } from '@ant-design/icons';
import type { ProcessAction } from '@cpm/contracts';
import { supportRoutes } from '@cpm/contracts/routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Popconfirm, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { call } from '../../../api/http';
import { Auth } from '../../../shared/auth/Auth';
import { DictTag, queryKeys, ToolbarButton } from '../../../shared/crud';
import { DescriptionList } from '../../../shared/detail/DescriptionList';
import { DetailPage } from '../../../shared/detail/DetailPage';
import { Timeline } from '../../../shared/detail/Timeline';
import { formatTime } from '../../../shared/format/formatTime';
import { ChecklistView } from '../components/ChecklistView';
import { PROCESS_ACTION_PERMISSION } from '../lib/processActions';

/**
 * One inspection process (`serviceInfo?id=`): its checklist in any version, its history, and the
 * edit and state buttons its state allows.
 */
export const ProcessInfoPage = () => {
  const { t } = useTranslation('support');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const client = useQueryClient();
  const [versionId, setVersionId] = useState<string | undefined>();
  const current = useQuery({
    queryKey: [...queryKeys.supportOrders.all, 'process', id],
    enabled: Boolean(id),
    queryFn: () => call(supportRoutes.processDetail, { query: { id }, loading: false, silent: true }),
  });
  const shown = useQuery({
    queryKey: [...queryKeys.supportOrders.all, 'process', id, versionId],
    enabled: Boolean(id && versionId && versionId !== current.data?.versionId),
    queryFn: () =>
      call(supportRoutes.processDetail, { query: { id, versionId }, loading: false, silent: true }),
  });
  const move = useMutation({
    mutationFn: (action: ProcessAction) =>
      call(supportRoutes.processTransition, { body: { id, action }, notifySuccess: true }),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.supportOrders.all }),
  });
  const p = current.data;
  const back = { to: '/technicalSupport/service', label: t('processes.backToList') };
  if (!id || current.isError || !p)
    return (
      <DetailPage
        title={t('processes.title')}
        tabs={[]}
        loading={Boolean(id) && !current.isError}
        notFound={!id || current.isError}
        notFoundTitle={t('processes.notFound')}
        back={back}
        testId="process-info-page"
      />
    );
  const version = versionId && versionId !== p.versionId ? shown.data : p;
  const checklist = (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Space wrap>
        <Typography.Text>{t('processes.version')}</Typography.Text>
        <Select
          value={versionId ?? p.versionId}
          onChange={setVersionId}
          style={{ minWidth: 200 }}
          data-testid="process-version"
          options={p.versions.map((v) => ({
            value: v.id,
            label: `v${v.version} · ${formatTime(v.createdAt)}${
              v.id === p.versionId ? ` (${t('processes.currentVersion')})` : ''
            }`,
          }))}
        />
      </Space>
      {version ? <ChecklistView standards={version.standards} /> : null}
    </Space>
  );
  const history = (
    <Timeline
      testId="process-history"
      events={[...p.history].reverse().map((e, i) => ({
        key: String(i),
        at: e.at,
        tone:
          e.kind === 'delete' || e.kind === 'disable' ? 'warning' : e.kind === 'publish' ? 'success' : 'info',
        title: (
          <span>
            <strong>{t(`processes.event.${e.kind}`, { defaultValue: e.kind })}</strong> · v{e.version} ·{' '}
            {e.actorName}
          </span>
        ),
      }))}
    />
  );
  return (
    <DetailPage
      testId="process-info-page"
      back={back}
      title={p.name}
      subtitle={t('processes.summary', {
        version: p.version,
        standards: t('processes.standardCount', { count: p.standardCount }),
        items: t('processes.itemCount', { count: p.itemCount }),
      })}
      status={<DictTag dict="inspection_process_status" value={p.status} testId="process-status" />}
      actions={
        <>
          {p.status !== 'deleted' && (
            <ToolbarButton
              permission="support:process:edit"
              label={t('processes.edit')}
              icon={<EditOutlined />}
              onClick={() => navigate(`/technicalSupport/addService?id=${p.id}`)}
              testId="process-edit"
            />
          )}
          {p.actions.map((a) => (
            <Auth key={a} permission={PROCESS_ACTION_PERMISSION[a]}>
              <Popconfirm
                title={t('processes.confirm')}
                onConfirm={() => move.mutateAsync(a).catch(() => undefined)}
              >
                <Button
                  danger={a === 'delete' || a === 'disable'}
                  type={a === 'publish' || a === 'enable' ? 'primary' : 'default'}
                  disabled={move.isPending}
                  data-testid={`process-action-${a}`}
                >
                  {t(`processes.action.${a}`)}
                </Button>
              </Popconfirm>
            </Auth>
          ))}
        </>
      }
      tabs={[
        {
          key: 'overview',
          label: t('processes.overview'),
          children: (
            <Space direction="vertical" size="large" style={{ width: '100%' }}>
              <DescriptionList
                items={[
                  { key: 'description', label: t('processes.description'), value: p.description, span: 3 },
                  { key: 'records', label: t('processes.records'), value: p.recordCount },
                  {
                    key: 'created',
                    label: t('processes.createdAt'),
                    value: formatTime(p.createdAt),
                  },
                  {
                    key: 'updated',
                    label: t('processes.updatedAt'),
                    value: formatTime(p.updatedAt),
                  },
                ]}
              />
              {checklist}
            </Space>
          ),
        },
        { key: 'history', label: t('orders.history'), children: history },
      ]}
    />
  );
};

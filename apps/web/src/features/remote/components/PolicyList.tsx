import type { RemoteConsentPolicy, RemotePolicyRow } from '@cpm/contracts';
import { remoteRoutes } from '@cpm/contracts/routes';
import { useQuery } from '@tanstack/react-query';
import { Card, Select, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/http';
import { usePermission } from '../../../shared/auth/usePermission';
import { readRows } from '../../../shared/table/readRows';

const COLORS: Record<RemoteConsentPolicy, string> = { ask: 'gold', auto: 'green', deny: 'red' };

type PolicyNode = RemotePolicyRow & { children?: PolicyNode[] };

/** Groups as a tree under their parents, so inheritance reads top-down. */
const toTree = (rows: RemotePolicyRow[]): PolicyNode[] => {
  const nodes = new Map<string, PolicyNode>(rows.map((r) => [r.groupId, { ...r }]));
  const roots: PolicyNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId ? nodes.get(node.parentId) : undefined;
    if (!parent) roots.push(node);
    else if (parent.children) parent.children.push(node);
    else parent.children = [node];
  }
  return roots;
};

/** Consent policy per terminal group: ask the person, accept automatically, or refuse; groups inherit. */
export const PolicyList = () => {
  const { t } = useTranslation('remote');
  const can = usePermission();
  const policies = useQuery({
    queryKey: ['remote-policies'],
    queryFn: () => call(remoteRoutes.policies, { loading: false }),
  });
  const save = async (groupId: string, policy: RemoteConsentPolicy | 'inherit') => {
    await call(remoteRoutes.savePolicy, { body: { groupId, policy }, notifySuccess: true });
    await policies.refetch();
  };
  return (
    <Card variant="borderless" data-testid="remote-policies">
      <Typography.Paragraph type="secondary">{t('policyIntro')}</Typography.Paragraph>
      <Table<PolicyNode>
        key={policies.data ? 'loaded' : 'loading'}
        size="small"
        rowKey="groupId"
        loading={policies.isLoading}
        {...readRows(toTree(policies.data ?? []), policies)}
        expandable={{ defaultExpandAllRows: true }}
        pagination={false}
        scroll={{ x: 'max-content' }}
        columns={[
          { key: 'group', title: t('group'), dataIndex: 'groupName' },
          {
            key: 'own',
            title: t('ownPolicy'),
            render: (_, r) => (
              <Select
                style={{ minWidth: 200 }}
                value={r.policy ?? 'inherit'}
                disabled={!can('remote:desktop:policy')}
                aria-label={`${t('ownPolicy')}: ${r.groupName}`}
                data-testid={`policy-${r.groupName}`}
                onChange={(v: RemoteConsentPolicy | 'inherit') =>
                  void save(r.groupId, v).catch(() => undefined)
                }
                options={[
                  { value: 'inherit', label: t('policies.inherit') },
                  { value: 'ask', label: t('policies.ask') },
                  { value: 'auto', label: t('policies.auto') },
                  { value: 'deny', label: t('policies.deny') },
                ]}
              />
            ),
          },
          {
            key: 'effective',
            title: t('effectivePolicy'),
            render: (_, r) => <Tag color={COLORS[r.effective]}>{t(`policies.${r.effective}`)}</Tag>,
          },
        ]}
      />
    </Card>
  );
};

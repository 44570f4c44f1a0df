import {
  COMPLIANCE_STATES,
  type ComplianceState,
  POLICY_SEVERITIES,
  type PolicyFields,
  type PolicyRow,
  type PolicySeverity,
  type PolicyVersion,
  type TerminalFieldRow,
} from '@cpm/contracts';
import { policiesRoutes } from '@cpm/contracts/routes';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  Descriptions,
  Drawer,
  Input,
  List,
  Popconfirm,
  Select,
  Space,
  Statistic,
  Switch,
  Table,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/http';
import { Auth } from '../../../shared/auth/Auth';
import { ExportButton } from '../../../shared/crud/ExportButton';
import { queryKeys } from '../../../shared/crud/queryKeys';
import { fixedPaging, readRows } from '../../../shared/table/readRows';
import { useFocusableScroll } from '../../../shared/table/useFocusableScroll';

export const STATE_COLOR: Record<ComplianceState, string> = {
  verified: 'success',
  pending: 'processing',
  failed: 'error',
  drift: 'warning',
  unsupported: 'default',
};
const PAGE_SIZE = 20;
const show = (v: unknown) => (v === undefined ? '—' : JSON.stringify(v));

/** What changed from one version to the next, field by field. */
export const diffFields = (before: PolicyFields | undefined, after: PolicyFields) => {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after)])] as (keyof PolicyFields)[];
  return keys
    .map((k) => ({ field: k, before: before?.[k], after: after[k] }))
    .filter((d) => JSON.stringify(d.before) !== JSON.stringify(d.after));
};

/** A policy's compliance (counts, terminal fields, converge), assignments and version history. */
export const PolicyDrawer = ({ policy, onClose }: { policy: PolicyRow | null; onClose: () => void }) => {
  const { t } = useTranslation('policies');
  const id = policy?.id as string;
  const [state, setState] = useState<ComplianceState | undefined>();
  const [severity, setSeverity] = useState<PolicySeverity | undefined>();
  const [sn, setSn] = useState<string | undefined>();
  const filter = { policyId: id, state, severity, sn };
  const [current, setCurrent] = useState(1);
  const [allOrNothing, setAllOrNothing] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  // Measured once the drawer has slid in (a render then), not while it still has no width.
  const [, setSettled] = useState(false);
  useFocusableScroll(box);
  const key = [...queryKeys.policies.all, id];
  const summary = useQuery({
    queryKey: [...key, 'compliance'],
    queryFn: () => call(policiesRoutes.compliance, { query: { policyId: id }, loading: false }),
    enabled: policy !== null,
    refetchInterval: 5000,
  });
  const rows = useQuery({
    queryKey: [...key, 'fields', state, severity, sn, current],
    queryFn: () =>
      call(policiesRoutes.fields, {
        query: { ...filter, current, size: PAGE_SIZE },
        loading: false,
      }),
    enabled: policy !== null,
    refetchInterval: 5000,
  });
  const detail = useQuery({
    queryKey: [...key, 'detail'],
    queryFn: () => call(policiesRoutes.get, { query: { id }, loading: false }),
    enabled: policy !== null,
  });
  const versions = useQuery({
    queryKey: [...key, 'versions'],
    queryFn: () => call(policiesRoutes.versions, { query: { id }, loading: false }),
    enabled: policy !== null,
  });
  const count = (s: ComplianceState, severity?: string) =>
    (summary.data?.counts ?? [])
      .filter((c) => c.state === s && (!severity || c.severity === severity))
      .reduce((n, c) => n + c.count, 0);
  const converge = async () => {
    await call(policiesRoutes.converge, { body: { policyId: id, allOrNothing }, notifySuccess: true }).catch(
      () => undefined,
    );
    void summary.refetch();
    void rows.refetch();
  };
  const unassign = async (assignmentId: string) => {
    await call(policiesRoutes.unassign, { body: { id, assignmentId }, notifySuccess: true }).catch(
      () => undefined,
    );
    void detail.refetch();
  };
  const versionList: PolicyVersion[] = versions.data ?? [];

  return (
    <Drawer
      open={policy !== null}
      onClose={onClose}
      size="large"
      title={policy?.name}
      afterOpenChange={setSettled}
      data-testid="policy-drawer"
    >
      <Tabs
        items={[
          {
            key: 'compliance',
            label: t('compliance'),
            children: (
              // The tables scroll sideways on a phone; their boxes take the keyboard focus then.
              <div ref={box}>
                <Space wrap size="large" style={{ marginBottom: 12 }}>
                  {COMPLIANCE_STATES.map((s) => (
                    <Statistic key={s} title={t(`states.${s}`)} value={count(s)} data-testid={`count-${s}`} />
                  ))}
                  <Statistic
                    title={t('compliant')}
                    value={`${summary.data?.compliantTerminals ?? 0} / ${summary.data?.terminals ?? 0}`}
                    data-testid="count-compliant"
                  />
                </Space>
                <Table
                  size="small"
                  rowKey="severity"
                  pagination={false}
                  style={{ marginBottom: 12 }}
                  scroll={{ x: 480 }}
                  dataSource={POLICY_SEVERITIES.map((severity) => ({ severity }))}
                  columns={[
                    {
                      key: 'severity',
                      title: t('severity'),
                      render: (_, r) => t(`severities.${r.severity}`),
                    },
                    ...COMPLIANCE_STATES.map((s) => ({
                      key: s,
                      title: t(`states.${s}`),
                      render: (_: unknown, r: { severity: string }) => count(s, r.severity),
                    })),
                  ]}
                />
                <Space wrap style={{ marginBottom: 12 }}>
                  <Select
                    allowClear
                    aria-label={t('state')}
                    placeholder={t('state')}
                    style={{ width: 160 }}
                    value={state}
                    onChange={(v) => {
                      setState(v);
                      setCurrent(1);
                    }}
                    options={COMPLIANCE_STATES.map((s) => ({ value: s, label: t(`states.${s}`) }))}
                    data-testid="filter-state"
                  />
                  <Select
                    allowClear
                    aria-label={t('severity')}
                    placeholder={t('severity')}
                    style={{ width: 140 }}
                    value={severity}
                    onChange={(v) => {
                      setSeverity(v);
                      setCurrent(1);
                    }}
                    options={POLICY_SEVERITIES.map((s) => ({ value: s, label: t(`severities.${s}`) }))}
                    data-testid="filter-severity"
                  />
                  <Input.Search
                    allowClear
                    aria-label={t('snFilter')}
                    placeholder={t('snFilter')}
                    style={{ width: 200 }}
                    onSearch={(v) => {
                      setSn(v.trim() || undefined);
                      setCurrent(1);
                    }}
                    data-testid="filter-sn"
                  />
                  {/* Whoever sees the compliance view may take it away; the server checks the page's key. */}
                  <ExportButton
                    permission={null}
                    path={policiesRoutes.export.path}
                    query={filter}
                    fileName={t('exportFile', { name: policy?.name ?? '' })}
                    list="policyCompliance"
                  />
                  <Auth permission="device:policy:converge">
                    <Space wrap>
                      <Space size={8}>
                        <Switch
                          checked={allOrNothing}
                          onChange={setAllOrNothing}
                          aria-label={t('allOrNothing')}
                        />
                        <Typography.Text>{t('allOrNothing')}</Typography.Text>
                      </Space>
                      <Button type="primary" onClick={() => void converge()} data-testid="policy-converge">
                        {t('convergeDrifted')}
                      </Button>
                    </Space>
                  </Auth>
                </Space>
                <Table<TerminalFieldRow>
                  rowKey={(r) => `${r.terminalId}:${r.field}`}
                  size="small"
                  {...readRows(rows.data?.records, rows)}
                  loading={rows.isLoading}
                  pagination={fixedPaging(current, PAGE_SIZE, rows.data?.total, setCurrent)}
                  columns={fieldColumns(t)}
                  // Eight columns do not fit a phone: the table scrolls instead of breaking headers per letter.
                  scroll={{ x: 860 }}
                />
              </div>
            ),
          },
          {
            key: 'assignments',
            label: t('assignments'),
            children: (
              <List
                dataSource={detail.data?.assignments ?? []}
                locale={{ emptyText: t('noAssignments') }}
                renderItem={(a) => (
                  <List.Item
                    actions={[
                      <Auth key="remove" permission="device:policy:edit">
                        <Popconfirm
                          title={t('unassignConfirm')}
                          onConfirm={() => void unassign(a.assignmentId)}
                          okText={t('unassign')}
                          cancelText={t('cancel')}
                        >
                          <Button size="small" danger data-testid="policy-unassign">
                            {t('unassign')}
                          </Button>
                        </Popconfirm>
                      </Auth>,
                    ]}
                  >
                    <Tag>{t(`targets.${a.kind}`)}</Tag> {a.name}
                  </List.Item>
                )}
              />
            ),
          },
          {
            key: 'versions',
            label: t('versions'),
            children: (
              <List
                dataSource={versionList}
                renderItem={(v, i) => (
                  <List.Item data-testid={`version-${v.version}`}>
                    <Descriptions
                      size="small"
                      column={1}
                      title={`v${v.version} · ${v.changedByName} · ${new Date(v.changedAt).toLocaleString()}`}
                    >
                      <Descriptions.Item label={t('reason')}>{v.reason}</Descriptions.Item>
                      {diffFields(versionList[i + 1]?.fields, v.fields).map((d) => (
                        <Descriptions.Item key={d.field} label={t(`fields.${d.field}`)}>
                          <Typography.Text delete>{show(d.before?.value)}</Typography.Text> →{' '}
                          {show(d.after?.value)}
                          {d.after
                            ? ` (${t(`severities.${d.after.severity}`)}${d.after.locked ? `, ${t('lock')}` : ''})`
                            : ''}
                        </Descriptions.Item>
                      ))}
                    </Descriptions>
                  </List.Item>
                )}
              />
            ),
          },
        ]}
      />
    </Drawer>
  );
};

/** The columns of terminal-field rows (the policy drawer and the device detail). */
export const fieldColumns = (t: (k: string) => string) => [
  { key: 'sn', title: 'SN', dataIndex: 'sn' },
  { key: 'field', title: t('field'), render: (_: unknown, r: TerminalFieldRow) => t(`fields.${r.field}`) },
  { key: 'desired', title: t('expected'), render: (_: unknown, r: TerminalFieldRow) => show(r.desired) },
  { key: 'actual', title: t('actual'), render: (_: unknown, r: TerminalFieldRow) => show(r.actual) },
  {
    key: 'state',
    title: t('state'),
    render: (_: unknown, r: TerminalFieldRow) => (
      <Tag color={STATE_COLOR[r.state]}>
        {t(`states.${r.state}`)}
        {r.reason ? ` · ${r.reason}` : ''}
      </Tag>
    ),
  },
  {
    key: 'severity',
    title: t('severity'),
    render: (_: unknown, r: TerminalFieldRow) => t(`severities.${r.severity}`),
  },
  { key: 'policy', title: t('source'), dataIndex: 'policyName' },
  {
    key: 'since',
    title: t('since'),
    render: (_: unknown, r: TerminalFieldRow) => new Date(r.since).toLocaleString(),
  },
];

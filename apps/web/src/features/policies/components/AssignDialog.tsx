import type { GroupNode, PolicyRow, PolicyTarget } from '@cpm/contracts';
import { devicesRoutes, groupsRoutes, policiesRoutes } from '@cpm/contracts/routes';
import { useQuery } from '@tanstack/react-query';
import { Form, Modal, Radio, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/http';
import type { DialogProps } from '../../../shared/crud/dialogProps';
import { queryKeys } from '../../../shared/crud/queryKeys';
import { type PickerOption, SearchSelect } from '../../../shared/crud/SearchSelect';
import { useSessionStore } from '../../../shared/session/sessionStore';
import { TreePicker } from '../../../shared/tree/TreePicker';

type Kind = PolicyTarget['kind'];
type TreeOption = { value: string; title: string; key: string; children: TreeOption[] };

const toTree = (nodes: readonly GroupNode[]): TreeOption[] =>
  nodes.map((n) => ({
    value: n.id,
    key: n.id,
    title: `${n.name} (${n.number})`,
    children: toTree(n.children),
  }));

/** Terminals the caller sees, by SN prefix; the assignment keeps their ids. */
const loadTerminals = async (sn: string | undefined): Promise<PickerOption[]> => {
  const page = await call(devicesRoutes.terminalPage, {
    query: { current: 1, size: 50, ...(sn ? { sn } : {}) },
    loading: false,
  });
  return page.records.map((r) => ({ value: r.id, label: r.sn, detail: r.name }));
};

/**
 * Assigns a policy to accounts (with every terminal below them), terminal groups (with their
 * sub-groups) or single terminals, picked by name or SN. A lock above any target is refused with
 * the server's message, and nothing is assigned.
 */
export const AssignDialog = ({ policy, onClose, onSaved }: DialogProps<{ policy: PolicyRow | null }>) => {
  const { t } = useTranslation('policies');
  const user = useSessionStore((s) => s.user);
  const [kind, setKind] = useState<Kind>('group');
  const [ids, setIds] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const owners = useQuery({
    queryKey: [...queryKeys.policies.all, 'owners'],
    queryFn: () => call(devicesRoutes.ownerOptions, { loading: false }),
    enabled: policy !== null && kind === 'account',
  });
  const groups = useQuery({
    queryKey: [...queryKeys.policies.all, 'group-tree'],
    queryFn: () => call(groupsRoutes.tree, { loading: false }),
    enabled: policy !== null && kind === 'group',
  });
  const accountOptions = [
    ...(user ? [{ value: user.id, label: t('assign.myAccount') }] : []),
    ...(owners.data ?? []).filter((o) => o.id !== user?.id).map((o) => ({ value: o.id, label: o.name })),
  ];

  const submit = async () => {
    if (!policy || ids.length === 0) return;
    setSaving(true);
    try {
      await call(policiesRoutes.assign, {
        body: { id: policy.id, targets: ids.map((id) => ({ kind, id })) },
        notifySuccess: true,
      });
      setIds([]);
      onSaved();
    } catch {
      // The client showed why (a lock above a target, a target out of scope).
    } finally {
      setSaving(false);
    }
  };

  const label = t(`assign.pick.${kind}`);
  return (
    <Modal
      open={policy !== null}
      title={t('assign.title', { name: policy?.name ?? '' })}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('assign.ok')}
      cancelText={t('cancel')}
      okButtonProps={
        { disabled: ids.length === 0, loading: saving, 'data-testid': 'policy-assign-ok' } as never
      }
      destroyOnHidden
      data-testid="policy-assign"
    >
      <Form name="policy-assign" layout="vertical">
        <Form.Item label={t('assign.kind')}>
          <Radio.Group
            value={kind}
            onChange={(e) => {
              setKind(e.target.value as Kind);
              setIds([]);
            }}
            optionType="button"
            options={(['account', 'group', 'terminal'] as const).map((k) => ({
              value: k,
              label: t(`targets.${k}`),
            }))}
            data-testid="policy-assign-kind"
          />
        </Form.Item>
        <Form.Item label={label} extra={t(`assign.hint.${kind}`)}>
          {kind === 'account' && (
            <Select
              mode="multiple"
              aria-label={label}
              optionFilterProp="label"
              value={ids}
              onChange={setIds}
              options={accountOptions}
              loading={owners.isFetching}
              data-testid="policy-assign-accounts"
            />
          )}
          {kind === 'group' && (
            <TreePicker
              multiple
              aria-label={label}
              value={ids}
              onChange={(v: string[]) => setIds(v)}
              treeData={toTree(groups.data ?? [])}
              loading={groups.isFetching}
              data-testid="policy-assign-groups"
            />
          )}
          {kind === 'terminal' && (
            <SearchSelect
              multiple
              queryKey={[...queryKeys.policies.all, 'terminals']}
              load={loadTerminals}
              ariaLabel={label}
              value={ids}
              onChange={setIds}
              placeholder={t('assign.snPlaceholder')}
              notFound={t('assign.noTerminal')}
              testId="policy-assign-terminals"
            />
          )}
        </Form.Item>
      </Form>
    </Modal>
  );
};

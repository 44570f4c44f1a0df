import type { GroupNode, TaskPreview } from '@cpm/contracts';
import { devicesRoutes, groupsRoutes, whitelistRoutes } from '@cpm/contracts/routes';
import { useQuery } from '@tanstack/react-query';
import { Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { call } from '../../../api/http';
import { useCanOpen } from '../../../shared/auth/useCanOpen';
import { usePermission } from '../../../shared/auth/usePermission';
import { GridItem } from '../../../shared/crud/GridItem';
import { ModelSelect } from '../../../shared/crud/ModelSelect';
import { TreePicker } from '../../../shared/tree/TreePicker';
import { taskKeys } from '../taskKeys';
import { SnListInput, useTypedSnsRule } from './SnListInput';

type TreeOption = { value: string; title: string; key: string; children: TreeOption[] };

const toTree = (nodes: readonly GroupNode[]): TreeOption[] =>
  nodes.map((n) => ({
    value: n.id,
    key: n.id,
    title: `${n.name} (${n.number})`,
    children: toTree(n.children),
  }));

/**
 * Where the task goes: SNs, groups (with their sub-groups), models and whole enterprises, and a
 * whitelist that narrows all of them to its SNs. Only what the user may see is offered.
 */
export const TargetsFields = ({ preview }: { preview?: TaskPreview }) => {
  const { t } = useTranslation('tasks');
  const can = usePermission();
  const canOpen = useCanOpen();
  const groups = useQuery({
    queryKey: [...taskKeys.all, 'group-tree'],
    queryFn: () => call(groupsRoutes.tree, { loading: false }),
  });
  const owners = useQuery({
    queryKey: [...taskKeys.all, 'owners'],
    queryFn: () => call(devicesRoutes.ownerOptions, { loading: false }),
  });
  const whitelists = useQuery({
    queryKey: [...taskKeys.whitelists, 'options'],
    queryFn: () => call(whitelistRoutes.options, { loading: false }),
  });
  const typedSns = useTypedSnsRule(['targets', 'sns']);
  const outGroups = new Set(preview?.outOfScope.groupIds ?? []);
  const outOwners = new Set(preview?.outOfScope.ownerIds ?? []);
  return (
    <Row gutter={16}>
      <GridItem
        span="full"
        name={['targets', 'sns']}
        label={t('targets.sns')}
        extra={t('targets.snsHint')}
        rules={[typedSns.rule]}
      >
        <SnListInput
          typed={typedSns.typed}
          unreachable={preview?.missingSns}
          canImport={can('task:create:add')}
        />
      </GridItem>
      <GridItem
        name={['targets', 'groupIds']}
        label={t('targets.groups')}
        extra={t('targets.groupsHint')}
        validateStatus={outGroups.size ? 'error' : undefined}
        help={outGroups.size ? t('targets.outOfScope') : undefined}
      >
        <TreePicker
          multiple
          treeData={toTree(groups.data ?? [])}
          loading={groups.isFetching}
          placeholder={t('targets.any')}
          data-testid="task-groups"
        />
      </GridItem>
      <GridItem name={['targets', 'modelIds']} label={t('targets.models')}>
        <ModelSelect mode="multiple" allowClear placeholder={t('targets.any')} testId="task-models" />
      </GridItem>
      <GridItem
        name={['targets', 'ownerIds']}
        label={t('targets.enterprises')}
        extra={t('targets.enterprisesHint')}
        validateStatus={outOwners.size ? 'error' : undefined}
        help={outOwners.size ? t('targets.outOfScope') : undefined}
      >
        <Select
          mode="multiple"
          allowClear
          optionFilterProp="label"
          options={(owners.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
          loading={owners.isFetching}
          placeholder={t('targets.any')}
          data-testid="task-enterprises"
        />
      </GridItem>
      <GridItem
        name={['targets', 'whitelistId']}
        label={t('targets.whitelist')}
        extra={
          <>
            {t('targets.whitelistHint')}{' '}
            {canOpen('/longRange/whitelist') && (
              <Link to="/longRange/whitelist" className="cpm-inline-link">
                {t('targets.manageWhitelists')}
              </Link>
            )}
          </>
        }
      >
        <Select
          allowClear
          optionFilterProp="label"
          options={(whitelists.data ?? []).map((w) => ({
            value: w.id,
            label: `${w.name} (${t('whitelist.size', { count: w.size })})`,
          }))}
          loading={whitelists.isFetching}
          placeholder={t('targets.noWhitelist')}
          data-testid="task-whitelist"
        />
      </GridItem>
    </Row>
  );
};

import type { TerminalFieldRow } from '@cpm/contracts';
import { policiesRoutes } from '@cpm/contracts/routes';
import { useQuery } from '@tanstack/react-query';
import { Table } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/http';
import { queryKeys } from '../../../shared/crud/queryKeys';
import { readRows } from '../../../shared/table/readRows';
import { useFocusableScroll } from '../../../shared/table/useFocusableScroll';
import { fieldColumns } from './PolicyDrawer';

/** One terminal's effective policy on its detail page: each field, expected, actual, state, since, source. */
export const TerminalPolicyTab = ({ sn }: { sn: string }) => {
  const { t } = useTranslation('policies');
  const rows = useQuery({
    queryKey: [...queryKeys.policies.all, 'terminal', sn],
    queryFn: () => call(policiesRoutes.terminalFields, { query: { sn }, loading: false }),
    refetchInterval: 5000,
  });
  const box = useRef<HTMLDivElement>(null);
  // On a narrow screen the table scrolls sideways; its box takes the keyboard focus then.
  useFocusableScroll(box);
  return (
    <div ref={box}>
      <Table<TerminalFieldRow>
        rowKey="field"
        size="small"
        scroll={{ x: 900 }}
        pagination={false}
        data-testid="terminal-policy-fields"
        {...readRows(rows.data, rows)}
        columns={fieldColumns(t).filter((c) => c.key !== 'sn')}
      />
    </div>
  );
};

import type { TFunction } from 'i18next';
import { DictTag } from '../../../shared/crud/DictTag';
import type { DataColumn } from '../../../shared/table/DataTable';

type FaultRow = { faultType: string; priority: string };

/** The fault type and priority of an order, or of the rule that raises one, as list columns. */
export const faultColumns = <T extends FaultRow>(
  t: TFunction<'support'>,
  faults: { label: (value: string) => string },
): DataColumn<T>[] => [
  {
    key: 'faultType',
    title: t('orders.faultType'),
    dataIndex: 'faultType',
    render: (v: string) => faults.label(v),
  },
  {
    key: 'priority',
    title: t('orders.priority'),
    dataIndex: 'priority',
    render: (v: string) => <DictTag dict="order_priority" value={v} />,
  },
];

import { CheckOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  CrudListView,
  type FilterField,
  type ListFilter,
  useCrudList,
  useSelection,
} from '../../../shared/crud';
import type { PermissionKeyLike } from '../../../shared/crud/permission';
import type { CrudListOptions } from '../../../shared/crud/useCrudList';
import type { DataColumn } from '../../../shared/table/DataTable';
import { type EventRow, eventColumns } from './eventColumns';

type Props<T extends EventRow, F extends ListFilter> = {
  testId: string;
  list: CrudListOptions<T, F>;
  filters: FilterField[];
  /** The event's own columns, shown between the terminal's and the time. */
  columns: DataColumn<T>[];
  /** Marks the picked events handled. */
  handle: { permission: PermissionKeyLike; run: (ids: string[]) => Promise<unknown> };
};

/** A list of events terminals reported, newest first, whose picked rows can be marked handled. */
export const HandledEventList = <T extends EventRow, F extends ListFilter>({
  testId,
  list: options,
  filters,
  columns,
  handle,
}: Props<T, F>) => {
  const { t } = useTranslation('devices');
  const list = useCrudList<T, F>(options);
  const selection = useSelection<T>();
  const common = eventColumns<T>(t);
  return (
    <CrudListView<T, F>
      testId={testId}
      list={list}
      filters={filters}
      columns={[common.sn, common.terminal, ...columns, common.at, common.handled]}
      batch={{
        selection,
        actions: [
          {
            key: 'handle',
            label: t('handle'),
            icon: <CheckOutlined />,
            permission: handle.permission,
            run: handle.run,
          },
        ],
      }}
    />
  );
};

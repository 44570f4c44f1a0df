import type { RunRecordRow } from '@cpm/contracts';
import { datacenterRoutes } from '@cpm/contracts/routes';
import type { SortOrder } from 'antd/es/table/interface';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { call } from '../../../api/http';
import { CrudListView, useCrudList } from '../../../shared/crud';
import { useFleetOptions } from '../../../shared/dicts/useFleetOptions';
import type { DataColumn } from '../../../shared/table/DataTable';
import { defaultRange, formatBytes, formatDuration, formatTime } from '../lib/format';

type Filter = {
  startDate?: string;
  endDate?: string;
  sn?: string;
  groupId?: string;
  modelId?: string;
  ownerId?: string;
};

/** Device run records: one row per terminal and day, from the daily rollups. */
export const RunRecordsPage = () => {
  const { t } = useTranslation('datacenter');
  const list = useCrudList<RunRecordRow, Filter>({
    queryKey: ['datacenter', 'runRecords'],
    filterKeys: ['startDate', 'endDate', 'sn', 'groupId', 'modelId', 'ownerId'],
    fetchPage: ({ current, size, sort, ...f }) =>
      call(datacenterRoutes.runRecords, {
        query: {
          ...defaultRange(),
          ...f,
          current,
          size,
          sortField: sort?.field,
          sortOrder: sort?.order ?? undefined,
        } as never,
        loading: false,
      }),
  });
  const options = useFleetOptions();
  const sortable = (key: string) => ({ sorter: true, sortOrder: list.sortOrderOf(key) as SortOrder });
  /** A sortable column of a day's measure, shown through `render`. */
  const measure = (key: keyof RunRecordRow & string, title: string, render: (value: number) => string) => ({
    key,
    title,
    dataIndex: key,
    ...sortable(key),
    render,
  });
  const columns: DataColumn<RunRecordRow>[] = [
    { key: 'day', title: t('day'), dataIndex: 'day', ...sortable('day') },
    {
      key: 'sn',
      title: t('sn'),
      dataIndex: 'sn',
      ...sortable('sn'),
      render: (sn: string) => (
        <Link to={`/dataCenter/deviceRunInfo/${sn}`} data-testid={`run-link-${sn}`}>
          {sn}
        </Link>
      ),
    },
    { key: 'name', title: t('name'), dataIndex: 'name' },
    { key: 'groupName', title: t('group'), dataIndex: 'groupName' },
    { key: 'modelName', title: t('model'), dataIndex: 'modelName' },
    { key: 'ownerName', title: t('enterprise'), dataIndex: 'ownerName' },
    { key: 'firstBootAt', title: t('firstBoot'), dataIndex: 'firstBootAt', render: formatTime },
    { key: 'lastShutdownAt', title: t('lastShutdown'), dataIndex: 'lastShutdownAt', render: formatTime },
    { key: 'boots', title: t('boots'), dataIndex: 'boots', ...sortable('boots') },
    { key: 'shutdowns', title: t('shutdowns'), dataIndex: 'shutdowns', ...sortable('shutdowns') },
    measure('runtimeSec', t('runtime'), formatDuration),
    measure('onlineSec', t('online'), formatDuration),
    measure('mobileBytes', t('mobileData'), formatBytes),
    measure('wifiBytes', t('wifiData'), formatBytes),
    {
      key: 'batteryMin',
      title: t('batteryMin'),
      dataIndex: 'batteryMin',
      ...sortable('batteryMin'),
      render: (v: number | null) => (v === null ? '-' : `${v}%`),
    },
  ];
  const range = defaultRange();
  return (
    <CrudListView<RunRecordRow, Filter>
      testId="run-records-page"
      list={list}
      filters={[
        // An empty day means the default range: the field shows that day, not the label.
        { name: 'startDate', label: t('startDate'), placeholder: range.startDate },
        { name: 'endDate', label: t('endDate'), placeholder: range.endDate },
        { name: 'sn', label: t('sn') },
        { name: 'groupId', label: t('group'), options: options.groups, width: 200 },
        { name: 'modelId', label: t('model'), options: options.models, width: 160 },
        { name: 'ownerId', label: t('enterprise'), options: options.owners, width: 180 },
      ]}
      columns={columns}
      scroll={{ x: 1600 }}
      exportTo={{
        permission: 'data:run:export',
        path: datacenterRoutes.exportRunRecords.path,
        query: range,
        fileName: 'run-records.xlsx',
        list: 'runRecords',
      }}
    />
  );
};

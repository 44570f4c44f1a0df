import { Tag } from 'antd';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import type { DataColumn } from '../../../shared/table/DataTable';
import { timeColumn } from '../../../shared/table/timeColumn';

/** What every terminal event row holds. */
export type EventRow = { id: string; sn: string; terminalName: string; at: string; handled: boolean };

/** Columns every terminal event list shares: the terminal (linking to its detail), time and handled. */
export const eventColumns = <T extends EventRow>(t: TFunction<'devices'>) => ({
  sn: {
    key: 'sn',
    title: t('sn'),
    dataIndex: 'sn',
    render: (v: string) => <Link to={`/device/deviceDetail/${v}`}>{v}</Link>,
  } satisfies DataColumn<T>,
  terminal: { key: 'terminal', title: t('name'), dataIndex: 'terminalName' } satisfies DataColumn<T>,
  at: timeColumn<T>('at', t('time'), { seconds: true }),
  handled: {
    key: 'handled',
    title: t('handled'),
    dataIndex: 'handled',
    render: (h: boolean) => <Tag color={h ? 'green' : 'orange'}>{h ? t('handledYes') : t('handledNo')}</Tag>,
  } satisfies DataColumn<T>,
});

/** The handled filter's choices. */
export const handledOptions = (t: TFunction<'devices'>) => [
  { value: 'false', label: t('handledNo') },
  { value: 'true', label: t('handledYes') },
];

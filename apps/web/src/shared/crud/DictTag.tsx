import { Tag } from 'antd';
import { useDict } from '../dicts/useDict';

/** Colours of dictionary values that mean a state; other values show a plain tag. */
const TAG_COLORS: Record<string, Record<string, string>> = {
  enabled_status: { '1': 'success', '0': 'default' },
  account_state: { '0': 'default', '1': 'success', '2': 'processing', '3': 'error' },
  terminal_status: { '0': 'default', '1': 'processing', '2': 'success', '3': 'error' },
  online_status: { '1': 'success', '0': 'default' },
  order_status: {
    draft: 'default',
    submitted: 'processing',
    accepted: 'cyan',
    repairing: 'warning',
    returned: 'geekblue',
    closed: 'success',
    rejected: 'error',
  },
  order_priority: { low: 'default', normal: 'blue', high: 'orange', urgent: 'red' },
  inspection_process_status: { draft: 'default', active: 'success', inactive: 'warning', deleted: 'error' },
};

type Props = {
  /** Dictionary code, e.g. `enabled_status`. */
  dict: string;
  value: string | number | boolean | null | undefined;
  testId?: string;
};

/** A state as a coloured tag, labelled by the dictionary in the current language. */
export const DictTag = ({ dict, value, testId }: Props) => {
  const { label } = useDict(dict);
  if (value === null || value === undefined) return <>-</>;
  const key = typeof value === 'boolean' ? (value ? '1' : '0') : String(value);
  return (
    <Tag color={TAG_COLORS[dict]?.[key] ?? 'default'} data-testid={testId}>
      {label(key)}
    </Tag>
  );
};

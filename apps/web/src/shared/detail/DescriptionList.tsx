import { Descriptions } from 'antd';
import type { ReactNode } from 'react';

export type DescriptionItem = {
  key: string;
  label: ReactNode;
  /** Empty values (null, undefined, '') show as a dash. */
  value: ReactNode;
  /** Columns the item spans on wide screens. */
  span?: number;
};

type Props = {
  items: readonly DescriptionItem[];
  /** Columns at the widest size; one on phones, two on tablets. */
  columns?: 2 | 3 | 4;
  testId?: string;
};

const shown = (v: ReactNode) => (v === null || v === undefined || v === '' ? '-' : v);

/** Label-value pairs in a bordered grid that folds to one column on phones. */
export const DescriptionList = ({ items, columns = 3, testId }: Props) => (
  <Descriptions
    bordered
    size="small"
    column={{ xs: 1, sm: 2, lg: columns }}
    data-testid={testId}
    items={items.map((i) => ({ key: i.key, label: i.label, children: shown(i.value), span: i.span }))}
  />
);

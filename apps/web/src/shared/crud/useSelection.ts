import type { TableRowSelection } from 'antd/es/table/interface';
import { useState } from 'react';

/** Rows picked across pages: the keys stay while the user pages, sorts and filters. */
export const useSelection = <T extends { id: string }>() => {
  const [keys, setKeys] = useState<string[]>([]);
  const rowSelection: TableRowSelection<T> = {
    selectedRowKeys: keys,
    preserveSelectedRowKeys: true,
    onChange: (next) => setKeys(next.map(String)),
  };
  return { keys, count: keys.length, rowSelection, clear: () => setKeys([]) };
};

export type Selection = { keys: string[]; count: number; clear: () => void };

import { TreeSelect, type TreeSelectProps } from 'antd';

/** Picks from a tree (groups): open in full, searchable by name, clearable. */
export const TreePicker = (props: TreeSelectProps) => (
  <TreeSelect allowClear showSearch treeNodeFilterProp="title" treeDefaultExpandAll {...props} />
);

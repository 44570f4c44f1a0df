import { PlusOutlined } from '@ant-design/icons';
import type { PermissionKeyLike } from './permission';
import { ToolbarButton } from './ToolbarButton';

type Props = { permission: PermissionKeyLike; label: string; onClick: () => void; testId?: string };

/** A list toolbar's add button, shown only to users who may add. */
export const AddButton = (props: Props) => (
  <ToolbarButton type="primary" icon={<PlusOutlined />} {...props} />
);

import { PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { Auth } from '../auth/Auth';
import type { PermissionKeyLike } from './permission';

type Props = { permission: PermissionKeyLike; label: string; onClick: () => void; testId?: string };

/** A list toolbar's add button, shown only to users who may add. */
export const AddButton = ({ permission, label, onClick, testId }: Props) => (
  <Auth permission={permission}>
    <Button type="primary" icon={<PlusOutlined />} onClick={onClick} data-testid={testId}>
      {label}
    </Button>
  </Auth>
);

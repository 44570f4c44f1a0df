import { Button, type ButtonProps } from 'antd';
import type { ReactNode } from 'react';
import { Auth } from '../auth/Auth';
import type { PermissionKeyLike } from './permission';

export type ToolbarButtonProps = Omit<ButtonProps, 'children' | 'onClick'> & {
  permission: PermissionKeyLike;
  label: ReactNode;
  onClick: () => void;
  testId?: string;
};

/** A page toolbar's button, shown only to users holding its permission. */
export const ToolbarButton = ({ permission, label, testId, ...button }: ToolbarButtonProps) => (
  <Auth permission={permission}>
    <Button {...button} data-testid={testId}>
      {label}
    </Button>
  </Auth>
);

import { Button, type ButtonProps, Tooltip } from 'antd';

type Props = Omit<ButtonProps, 'type' | 'size' | 'children'> & {
  /** Shown as the tooltip and read out as the button's name. */
  label: string;
  testId?: string;
};

/** A small button that shows only its icon; its label is the tooltip and the accessible name. */
export const IconButton = ({ label, testId, ...button }: Props) => (
  <Tooltip title={label}>
    <Button type="text" size="small" aria-label={label} data-testid={testId} {...button} />
  </Tooltip>
);

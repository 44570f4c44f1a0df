/**
 * A `data-testid` for props handed over as an object (antd's button and menu item props), whose types
 * list no data attributes; spread in, it passes where the literal key would be refused.
 */
export const testIdProps = (id: string): { 'data-testid': string } => ({ 'data-testid': id });

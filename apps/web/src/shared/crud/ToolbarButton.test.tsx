import { fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../session/sessionStore';
import { ToolbarButton } from './ToolbarButton';

describe('ToolbarButton', () => {
  beforeEach(() => useSessionStore.setState({ permissions: ['device:terminal:add'] }));

  it('shows the button with its label and test id to a user holding the permission', () => {
    const onClick = vi.fn();
    render(<ToolbarButton permission="device:terminal:add" label="Add" onClick={onClick} testId="add" />);
    fireEvent.click(screen.getByTestId('add'));
    expect(screen.getByTestId('add')).toHaveTextContent('Add');
    expect(onClick).toHaveBeenCalledOnce();
  });

  it('leaves the button out for a user without the permission', () => {
    render(
      <ToolbarButton permission="device:terminal:delete" label="Delete" onClick={vi.fn()} testId="del" />,
    );
    expect(screen.queryByTestId('del')).toBeNull();
  });
});

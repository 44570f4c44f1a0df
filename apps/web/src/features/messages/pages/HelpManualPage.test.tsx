import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HelpManualPage } from './HelpManualPage';

describe('HelpManualPage', () => {
  it('gives its contents column the theme sidebar width of 210 px', () => {
    render(<HelpManualPage />);
    const layout = screen.getByTestId('help-aside').parentElement as HTMLElement;
    expect(layout).toHaveClass('cpm-help-layout');
    expect(layout.style.getPropertyValue('--cpm-theme-sidebar')).toBe('210px');
    expect(screen.getByTestId('help-toc')).toHaveTextContent('Users');
  });
});

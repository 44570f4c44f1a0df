import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { PageHeader, PageTitleContext } from './PageHeader';

const inPage = (title: string | null, header: ReactNode) =>
  render(<PageTitleContext.Provider value={title}>{header}</PageTitleContext.Provider>);

describe('PageHeader', () => {
  it("shows the page's menu name as a heading, in the reader's language", () => {
    const { unmount } = inPage('My Devices', <PageHeader />);
    expect(screen.getByRole('heading', { level: 4, name: 'My Devices' })).toBeInTheDocument();
    unmount();
    inPage('我的设备', <PageHeader />);
    expect(screen.getByRole('heading', { level: 4, name: '我的设备' })).toBeInTheDocument();
  });

  it('takes a title of its own and actions at the end', () => {
    inPage(
      'My Devices',
      <PageHeader title="Terminal P2-0007" extra={<button type="button">Export</button>} />,
    );
    expect(screen.getByTestId('page-header')).toHaveTextContent('Terminal P2-0007');
    expect(screen.getByRole('button', { name: 'Export' })).toBeInTheDocument();
  });

  it('is left out where the page has no name', () => {
    inPage(null, <PageHeader />);
    expect(screen.queryByTestId('page-header')).toBeNull();
  });
});

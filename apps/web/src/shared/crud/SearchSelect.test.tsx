import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form } from 'antd';
import { describe, expect, it } from 'vitest';
import { SearchSelect } from './SearchSelect';

describe('SearchSelect', () => {
  it('is the input its form item’s label names', async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <Form>
          <Form.Item name="appId" label="App">
            <SearchSelect queryKey={['apps']} load={async () => [{ value: 'a1', label: 'Cashier' }]} />
          </Form.Item>
        </Form>
      </QueryClientProvider>,
    );
    expect(await screen.findByLabelText('App')).toHaveAttribute('role', 'combobox');
  });
});

describe('SearchSelect offering what was typed', () => {
  const picker = (onChange: (id: string | undefined) => void) =>
    render(
      <QueryClientProvider client={new QueryClient()}>
        <SearchSelect
          queryKey={['terminals']}
          load={async () => [{ value: 'P2-0007', label: 'P2-0007', detail: 'Till 7' }]}
          offerTyped
          ariaLabel="SN"
          onChange={onChange}
        />
      </QueryClientProvider>,
    );

  it('takes a typed key the list does not hold when the field is left', async () => {
    const chosen: (string | undefined)[] = [];
    picker((id) => chosen.push(id));
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('SN'), 'NOSUCH01');
    expect(await screen.findByTitle('NOSUCH01')).toBeInTheDocument();
    await user.tab();
    expect(chosen).toEqual(['NOSUCH01']);
  });

  it('takes the listed record for a key typed in another case', async () => {
    const chosen: (string | undefined)[] = [];
    picker((id) => chosen.push(id));
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('SN'), 'p2-0007');
    expect(await screen.findByTitle('P2-0007')).toBeInTheDocument();
    await user.tab();
    expect(chosen).toEqual(['P2-0007']);
  });
});

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
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

import { Button, Table } from 'antd';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

/** The smallest antd 6 + React app the console bundle is measured against: one button, one table. */
const rows = [
  { key: '1', sn: 'P2000001', status: 'online' },
  { key: '2', sn: 'P2000002', status: 'offline' },
];

const App = () => (
  <main>
    <Button type="primary" data-testid="baseline-button">
      Refresh
    </Button>
    <Table
      data-testid="baseline-table"
      dataSource={rows}
      columns={[
        { title: 'SN', dataIndex: 'sn' },
        { title: 'Status', dataIndex: 'status' },
      ]}
    />
  </main>
);

const root = document.getElementById('root');
if (root)
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );

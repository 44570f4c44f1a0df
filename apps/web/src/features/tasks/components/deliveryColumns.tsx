import type { DeferReason, DeliveryState } from '@cpm/contracts';
import { Tooltip, Typography } from 'antd';
import type { DataColumn } from '../../../shared/table/DataTable';
import { DeliveryStateTag } from './TaskTags';

type Delivery = {
  state: DeliveryState;
  held?: boolean;
  deferReason?: DeferReason | null;
  message: string | null;
};

/** A delivery's state; the cell carries the state and the row's test id, so a test finds one row's state. */
export const deliveryStateColumn = <T extends Delivery>(
  title: string,
  testIdOf: (row: T) => string,
): DataColumn<T> => ({
  key: 'state',
  title,
  dataIndex: 'state',
  render: (state: DeliveryState, row) => (
    <span data-testid={testIdOf(row)} data-state={state}>
      <DeliveryStateTag state={state} held={row.held} deferReason={row.deferReason} />
    </span>
  ),
});

/** What the terminal said about a delivery: one line in the table, the whole text on hover. */
export const deliveryMessageColumn = <T extends Delivery>(title: string): DataColumn<T> => ({
  key: 'message',
  title,
  dataIndex: 'message',
  render: (m: string | null) =>
    m ? (
      <Tooltip title={<pre className="cpm-task-message">{m}</pre>}>
        <Typography.Text ellipsis style={{ maxWidth: 260 }} className="cpm-task-mono">
          {m}
        </Typography.Text>
      </Tooltip>
    ) : (
      '-'
    ),
});

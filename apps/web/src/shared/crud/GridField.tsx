import { Col, type ColProps } from 'antd';
import type { CrudFieldProps } from './CrudForm';
import { CrudField } from './LazyCrudForm';

const SPANS = {
  half: { xs: 24, md: 12 },
  full: { xs: 24 },
  quarter: { xs: 12, md: 6 },
} satisfies Record<string, ColProps>;

/** How much of a form's row a field takes: half from medium screens up by default. */
export type GridSpan = { span?: keyof typeof SPANS; col?: ColProps };

/** The column a field's span stands for; `col` sets it outright. */
export const gridColumn = ({ span = 'half', col }: GridSpan): ColProps => col ?? SPANS[span];

/** A kit form field in the form's grid (inside a `Row`), the whole row on a phone. */
export const GridField = ({ span, col, ...field }: CrudFieldProps & GridSpan) => (
  <Col {...gridColumn({ span, col })}>
    <CrudField {...field} />
  </Col>
);

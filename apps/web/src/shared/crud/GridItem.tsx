import { Col, Form, type FormItemProps } from 'antd';
import { type GridSpan, gridColumn } from './GridField';

/** A plain antd form item in the form's grid (inside a `Row`), the whole row on a phone. */
export const GridItem = ({ span, col, ...item }: FormItemProps & GridSpan) => (
  <Col {...gridColumn({ span, col })}>
    <Form.Item {...item} />
  </Col>
);

import type { CheckedItem, OrderRow, RecordRow } from '@cpm/contracts';
import { columnsIn, type ExportColumn, type ExportLang, enumLabels } from '../../shared/export-columns';

/** A record as exported: its row and the items that failed. */
export type RecordExportRow = RecordRow & { failed: CheckedItem[] };

/** Where an order came from, as the order list shows it. */
export const ORDER_SOURCE_LABELS = enumLabels('support:orders.sourceOf', {
  manual: ['人工', 'By hand'],
  health: ['外设健康', 'Peripheral health'],
  inspection: ['巡检', 'Inspection'],
});

/** A pass/fail answer as the record page shows it. */
export const PASS_FAIL_LABELS = enumLabels('support:records', {
  pass: ['通过', 'Pass'],
  fail: ['不通过', 'Fail'],
});

const answerOf = (c: CheckedItem, lang: ExportLang) =>
  c.kind === 'value'
    ? `${c.value ?? ''}${c.unit ?? ''}`
    : PASS_FAIL_LABELS.labels[c.passed ? 'pass' : 'fail'][lang];

/** `standard / item: answer (note)` for each failed item, in the reader's language. */
const failedItemsOf = (r: RecordExportRow, lang: ExportLang) =>
  r.failed
    .map((c) => `${c.standard} / ${c.content}: ${answerOf(c, lang)}${c.note ? ` (${c.note})` : ''}`)
    .join('; ');

const orderColumn = columnsIn<OrderRow>('support:');

/** Columns of an order export, direct or as a background job; status, priority and fault type are shown by their dictionary labels. */
export const ORDER_EXPORT_COLUMNS: ExportColumn<OrderRow>[] = [
  orderColumn('number', 'orders.number', '工单号', 'Order no.', { width: 18 }),
  orderColumn('status', 'orders.status', '状态', 'Status', { format: { dict: 'order_status' } }),
  orderColumn('overdue', 'orders.overdue', '已逾期', 'Overdue', { format: 'yesNo' }),
  orderColumn('source', 'orders.source', '来源', 'Source', { format: { enum: ORDER_SOURCE_LABELS } }),
  orderColumn('sn', 'orders.sn', '终端序列号', 'Terminal SN', { width: 20 }),
  orderColumn('modelName', 'orders.model', '型号', 'Model'),
  orderColumn('enterpriseName', 'orders.enterprise', '企业', 'Enterprise'),
  orderColumn('storeName', 'orders.store', '门店', 'Store', { width: 22 }),
  orderColumn('contact', 'orders.contact', '联系人', 'Contact'),
  orderColumn('phone', 'orders.phone', '电话', 'Phone'),
  orderColumn('faultType', 'orders.faultType', '故障类型', 'Fault type', {
    format: { dict: 'fault_type' },
  }),
  orderColumn('priority', 'orders.priority', '优先级', 'Priority', { format: { dict: 'order_priority' } }),
  orderColumn('description', 'orders.description', '故障描述', 'Description', { width: 40 }),
  orderColumn('assigneeName', 'orders.assignee', '处理人', 'Assignee'),
  orderColumn('dueAt', 'orders.dueAt', '截止时间', 'Due', { format: 'dateTime', width: 22 }),
  orderColumn('rejectReason', 'orders.rejectReason', '驳回原因', 'Rejection reason', { width: 30 }),
  orderColumn('createdAt', 'orders.createdAt', '创建时间', 'Opened', { format: 'dateTime', width: 22 }),
  orderColumn('updatedAt', 'processes.updatedAt', '更新时间', 'Updated', {
    format: 'dateTime',
    width: 22,
  }),
];

const recordColumn = columnsIn<RecordExportRow>('support:');

/** Columns of an inspection record export, direct or as a background job. */
export const RECORD_EXPORT_COLUMNS: ExportColumn<RecordExportRow>[] = [
  recordColumn('processName', 'records.process', '巡检流程', 'Process', { width: 22 }),
  recordColumn('version', 'processes.version', '版本', 'Version', { format: 'number' }),
  recordColumn('storeName', 'records.storeName', '门店名称', 'Store', { width: 22 }),
  recordColumn('contact', 'records.contact', '联系人', 'Contact'),
  recordColumn('phone', 'records.phone', '电话', 'Phone'),
  recordColumn('address', 'records.address', '地址', 'Address', { width: 30 }),
  recordColumn('inspectorName', 'records.inspector', '巡检人', 'Inspector'),
  recordColumn('visitedAt', 'records.visitedAt', '巡检时间', 'Visited', {
    format: 'dateTime',
    width: 22,
  }),
  recordColumn('lat', null, '纬度', 'Latitude', { format: 'number' }),
  recordColumn('lng', null, '经度', 'Longitude', { format: 'number' }),
  recordColumn('itemCount', null, '检查项数', 'Items', { format: 'number' }),
  recordColumn('failedCount', null, '未通过项数', 'Failed', { format: 'number' }),
  recordColumn('failedItems', null, '未通过项', 'Failed items', { width: 60, value: failedItemsOf }),
];

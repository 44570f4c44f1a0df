import type { CheckedItem, OrderRow, RecordRow } from '@cpm/contracts';
import type { EnumLabels, ExportColumn, ExportLang } from '../../shared/export-columns';

/** A record as exported: its row and the items that failed. */
export type RecordExportRow = RecordRow & { failed: CheckedItem[] };

/** Where an order came from, as the order list shows it. */
export const ORDER_SOURCE_LABELS: EnumLabels = {
  page: 'support:orders.sourceOf',
  labels: {
    manual: { zh: '人工', en: 'By hand' },
    health: { zh: '外设健康', en: 'Peripheral health' },
    inspection: { zh: '巡检', en: 'Inspection' },
  },
};

/** A pass/fail answer as the record page shows it. */
export const PASS_FAIL_LABELS: EnumLabels = {
  page: 'support:records',
  labels: { pass: { zh: '通过', en: 'Pass' }, fail: { zh: '不通过', en: 'Fail' } },
};

const answerOf = (c: CheckedItem, lang: ExportLang) =>
  c.kind === 'value'
    ? `${c.value ?? ''}${c.unit ?? ''}`
    : PASS_FAIL_LABELS.labels[c.passed ? 'pass' : 'fail'][lang];

/** `standard / item: answer (note)` for each failed item, in the reader's language. */
const failedItemsOf = (r: RecordExportRow, lang: ExportLang) =>
  r.failed
    .map((c) => `${c.standard} / ${c.content}: ${answerOf(c, lang)}${c.note ? ` (${c.note})` : ''}`)
    .join('; ');

/** Columns of an order export, direct or as a background job; status, priority and fault type are shown by their dictionary labels. */
export const ORDER_EXPORT_COLUMNS: ExportColumn<OrderRow>[] = [
  { key: 'number', label: { zh: '工单号', en: 'Order no.' }, page: 'support:orders.number', width: 18 },
  {
    key: 'status',
    label: { zh: '状态', en: 'Status' },
    page: 'support:orders.status',
    format: { dict: 'order_status' },
  },
  {
    key: 'overdue',
    label: { zh: '已逾期', en: 'Overdue' },
    page: 'support:orders.overdue',
    format: 'yesNo',
  },
  {
    key: 'source',
    label: { zh: '来源', en: 'Source' },
    page: 'support:orders.source',
    format: { enum: ORDER_SOURCE_LABELS },
  },
  { key: 'sn', label: { zh: '终端序列号', en: 'Terminal SN' }, page: 'support:orders.sn', width: 20 },
  { key: 'modelName', label: { zh: '型号', en: 'Model' }, page: 'support:orders.model' },
  { key: 'enterpriseName', label: { zh: '企业', en: 'Enterprise' }, page: 'support:orders.enterprise' },
  { key: 'storeName', label: { zh: '门店', en: 'Store' }, page: 'support:orders.store', width: 22 },
  { key: 'contact', label: { zh: '联系人', en: 'Contact' }, page: 'support:orders.contact' },
  { key: 'phone', label: { zh: '电话', en: 'Phone' }, page: 'support:orders.phone' },
  {
    key: 'faultType',
    label: { zh: '故障类型', en: 'Fault type' },
    page: 'support:orders.faultType',
    format: { dict: 'fault_type' },
  },
  {
    key: 'priority',
    label: { zh: '优先级', en: 'Priority' },
    page: 'support:orders.priority',
    format: { dict: 'order_priority' },
  },
  {
    key: 'description',
    label: { zh: '故障描述', en: 'Description' },
    page: 'support:orders.description',
    width: 40,
  },
  { key: 'assigneeName', label: { zh: '处理人', en: 'Assignee' }, page: 'support:orders.assignee' },
  {
    key: 'dueAt',
    label: { zh: '截止时间', en: 'Due' },
    page: 'support:orders.dueAt',
    format: 'dateTime',
    width: 22,
  },
  {
    key: 'rejectReason',
    label: { zh: '驳回原因', en: 'Rejection reason' },
    page: 'support:orders.rejectReason',
    width: 30,
  },
  {
    key: 'createdAt',
    label: { zh: '创建时间', en: 'Opened' },
    page: 'support:orders.createdAt',
    format: 'dateTime',
    width: 22,
  },
  {
    key: 'updatedAt',
    label: { zh: '更新时间', en: 'Updated' },
    page: 'support:processes.updatedAt',
    format: 'dateTime',
    width: 22,
  },
];

/** Columns of an inspection record export, direct or as a background job. */
export const RECORD_EXPORT_COLUMNS: ExportColumn<RecordExportRow>[] = [
  {
    key: 'processName',
    label: { zh: '巡检流程', en: 'Process' },
    page: 'support:records.process',
    width: 22,
  },
  {
    key: 'version',
    label: { zh: '版本', en: 'Version' },
    page: 'support:processes.version',
    format: 'number',
  },
  { key: 'storeName', label: { zh: '门店名称', en: 'Store' }, page: 'support:records.storeName', width: 22 },
  { key: 'contact', label: { zh: '联系人', en: 'Contact' }, page: 'support:records.contact' },
  { key: 'phone', label: { zh: '电话', en: 'Phone' }, page: 'support:records.phone' },
  { key: 'address', label: { zh: '地址', en: 'Address' }, page: 'support:records.address', width: 30 },
  { key: 'inspectorName', label: { zh: '巡检人', en: 'Inspector' }, page: 'support:records.inspector' },
  {
    key: 'visitedAt',
    label: { zh: '巡检时间', en: 'Visited' },
    page: 'support:records.visitedAt',
    format: 'dateTime',
    width: 22,
  },
  { key: 'lat', label: { zh: '纬度', en: 'Latitude' }, format: 'number' },
  { key: 'lng', label: { zh: '经度', en: 'Longitude' }, format: 'number' },
  { key: 'itemCount', label: { zh: '检查项数', en: 'Items' }, format: 'number' },
  { key: 'failedCount', label: { zh: '未通过项数', en: 'Failed' }, format: 'number' },
  {
    key: 'failedItems',
    label: { zh: '未通过项', en: 'Failed items' },
    width: 60,
    value: failedItemsOf,
  },
];

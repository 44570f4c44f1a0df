export { AddButton, UploadButton } from './AddButton';
export { type BatchAction, BatchToolbar } from './BatchToolbar';
export { CrudListView } from './CrudListView';
export { DictTag } from './DictTag';
export type { DialogProps } from './dialogProps';
export { ExcelImport } from './ExcelImport';
export { ExportButton } from './ExportButton';
export { FilterBar, type FilterField, selectFilter } from './FilterBar';
export { GridField } from './GridField';
export { CrudField, CrudFormModal } from './LazyCrudForm';
export { lazySchema } from './lazySchema';
export { compactFilter, type ListFilter, sortRows } from './listState';
export { type ModelKey, ModelSelect, useModelOptions } from './ModelSelect';
export { OtherErrors } from './OtherErrors';
export type { PermissionKeyLike } from './permission';
export { queryKeys } from './queryKeys';
export {
  actionsColumn,
  deleteAction,
  editAction,
  type RowAction,
  RowActions,
  viewAction,
} from './RowActions';
export { type PickerOption, SearchSelect, type SearchSelectProps } from './SearchSelect';
export { ToolbarButton, type ToolbarButtonProps } from './ToolbarButton';
export { useCrudList, useListState } from './useCrudList';
export { useCrudTree } from './useCrudTree';
export { useDialogRecord } from './useDialogRecord';
export { useSelection } from './useSelection';

import type { AppRow } from '@cpm/contracts';
import { appMarketRoutes } from '@cpm/contracts/routes';
import { Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/http';
import type { DialogProps } from '../../../shared/crud';
import { CrudField, CrudFormModal, lazySchema } from '../../../shared/crud';
import { useAppTypes } from '../hooks';
import { VisibilitySelect } from './uploadFields';

/** The form's contract loads when the form first opens (with zod), not with the list. */
const appUpdateSchema = lazySchema(() =>
  import('@cpm/contracts/appmarket/appmarket.contract').then((m) => m.AppUpdateSchema),
);

/** Edits an app's name, type, description, notes and visibility. */
export const AppEditModal = ({ app, onClose, onSaved }: DialogProps<{ app: AppRow | null }>) => {
  const { t } = useTranslation('appmarket');
  const types = useAppTypes();
  return (
    <CrudFormModal
      open={app !== null}
      title={t('editApp')}
      schema={appUpdateSchema}
      initialValues={app ?? undefined}
      onSubmit={(body) => call(appMarketRoutes.update, { body, notifySuccess: true })}
      onClose={onClose}
      onSaved={() => {
        onSaved();
        onClose();
      }}
      testId="app-edit"
    >
      <CrudField name="name" label={t('name')} extra={t('nameRule')}>
        <Input data-testid="app-edit-name" />
      </CrudField>
      <CrudField name="type" label={t('type')}>
        <Select allowClear options={types.options} />
      </CrudField>
      <CrudField name="visibility" label={t('visibility')} extra={t('visibilityHint')}>
        <VisibilitySelect />
      </CrudField>
      <CrudField name="description" label={t('description')}>
        <Input.TextArea rows={3} />
      </CrudField>
      <CrudField name="notes" label={t('notes')}>
        <Input.TextArea rows={2} />
      </CrudField>
    </CrudFormModal>
  );
};

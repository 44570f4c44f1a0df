import type { AppVersion } from '@cpm/contracts';
import { appMarketRoutes } from '@cpm/contracts/routes';
import { Alert, Input, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/http';
import type { DialogProps } from '../../../shared/crud';
import { CrudField, CrudFormModal, lazySchema } from '../../../shared/crud';
import { ModelSelect } from '../../../shared/crud/ModelSelect';
import { osOptions } from './ApkUploadModal';

/** The form's contract loads when the form first opens (with zod), not with the list. */
const versionUpdateSchema = lazySchema(() =>
  import('@cpm/contracts/appmarket/appmarket.contract').then((m) => m.VersionUpdateSchema),
);

/**
 * Edits a version's release notes (both languages), OS and model range and auto-update flag. Under
 * review or approved, only the flag may change (the server refuses the rest).
 */
export const VersionEditDrawer = ({
  version,
  windows,
  onClose,
  onSaved,
}: DialogProps<{ version: AppVersion | null; windows?: boolean }>) => {
  const { t } = useTranslation('appmarket');
  const locked = version !== null && !['draft', 'rejected'].includes(version.reviewStatus);
  return (
    <CrudFormModal
      open={version !== null}
      variant="drawer"
      width={520}
      title={t('editVersion', { name: version?.versionName ?? '' })}
      schema={versionUpdateSchema}
      initialValues={version ?? undefined}
      onSubmit={(body) => call(appMarketRoutes.updateVersion, { body, notifySuccess: true })}
      onClose={onClose}
      onSaved={() => {
        onSaved();
        onClose();
      }}
      testId="version-edit"
    >
      {locked && (
        <Alert type="warning" showIcon message={t('versionLockedHint')} style={{ marginBottom: 16 }} />
      )}
      <CrudField name="releaseNotesEn" label={t('releaseNotesEn')}>
        <Input.TextArea rows={3} disabled={locked} data-testid="version-notes-en" />
      </CrudField>
      <CrudField name="releaseNotesZh" label={t('releaseNotesZh')}>
        <Input.TextArea rows={3} disabled={locked} data-testid="version-notes-zh" />
      </CrudField>
      {!windows && (
        <>
          <CrudField name="osMin" label={t('osMin')}>
            <Select allowClear options={osOptions()} disabled={locked} />
          </CrudField>
          <CrudField name="osMax" label={t('osMax')}>
            <Select allowClear options={osOptions()} disabled={locked} />
          </CrudField>
          <CrudField name="models" label={t('models')} extra={t('modelsHint')}>
            <ModelSelect by="name" mode="multiple" allowClear disabled={locked} />
          </CrudField>
        </>
      )}
      {windows && (
        <CrudField name="installArgs" label={t('installArgs')}>
          <Input disabled={locked} />
        </CrudField>
      )}
      <CrudField
        name="autoUpdate"
        label={t('autoUpdate')}
        valuePropName="checked"
        extra={t('autoUpdateHint')}
      >
        <Switch data-testid="version-auto-update" />
      </CrudField>
    </CrudFormModal>
  );
};

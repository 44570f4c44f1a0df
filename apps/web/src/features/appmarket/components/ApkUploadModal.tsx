import { ANDROID_API_LEVELS, APP_LIMITS, type AppDetail } from '@cpm/contracts';
import { appMarketRoutes } from '@cpm/contracts/routes';
import { Alert, Form, Input, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DialogProps } from '../../../shared/crud';
import { GridItem } from '../../../shared/crud/GridItem';
import { ModelSelect } from '../../../shared/crud/ModelSelect';
import { Upload } from '../../../shared/upload/Upload';
import { useAppTypes } from '../hooks';
import { ReleaseNotesFields, UploadDialog, VisibilitySelect } from './uploadFields';

type Fields = {
  name?: string;
  type?: string;
  visibility?: 'public' | 'private';
  description?: string;
  releaseNotesEn?: string;
  releaseNotesZh?: string;
  models?: string[];
  osMin?: number;
  osMax?: number;
  autoUpdate?: boolean;
};

/** Android releases as options of an OS range bound. */
export const osOptions = () =>
  ANDROID_API_LEVELS.map((l) => ({ value: l.api, label: `Android ${l.release} (API ${l.api})` }));

/** The form values as the multipart fields the upload sends before the file. */
const toFields = (v: Fields | undefined): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(v ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    out[key] = Array.isArray(value) ? value.join(',') : String(value);
  }
  return out;
};

/**
 * Upload of an APK: a new app (its name, type, visibility) or the next version of one the caller
 * publishes (same package and signer, a higher version code); the server reads the rest from the APK.
 */
export const ApkUploadModal = ({ open, onClose, onSaved }: DialogProps<{ open: boolean }, AppDetail>) => {
  const { t } = useTranslation('appmarket');
  const [form] = Form.useForm<Fields>();
  const values = Form.useWatch([], form) as Fields | undefined;
  const types = useAppTypes();
  return (
    <UploadDialog<Fields>
      open={open}
      title={t('uploadApk')}
      form={form}
      initialValues={{ visibility: 'public', autoUpdate: false }}
      testId="apk-upload-form"
      onClose={onClose}
      intro={<Alert type="info" showIcon message={t('uploadHint')} style={{ marginBottom: 16 }} />}
      upload={
        <Upload<AppDetail>
          action={appMarketRoutes.uploadApk.path}
          rules={{ maxSize: APP_LIMITS.maxPackageBytes, accept: ['apk'] }}
          fields={toFields(values)}
          testId="apk-upload"
          onUploaded={(app) => onSaved(app)}
        />
      }
    >
      <GridItem name="name" label={t('name')} extra={t('nameHint')}>
        <Input data-testid="apk-field-name" maxLength={APP_LIMITS.nameMax} />
      </GridItem>
      <GridItem name="type" label={t('type')}>
        <Select allowClear options={types.options} data-testid="apk-field-type" />
      </GridItem>
      <GridItem name="visibility" label={t('visibility')} extra={t('visibilityHint')}>
        <VisibilitySelect data-testid="apk-field-visibility" />
      </GridItem>
      <GridItem name="models" label={t('models')} extra={t('modelsHint')}>
        <ModelSelect by="name" mode="multiple" allowClear testId="apk-field-models" />
      </GridItem>
      <GridItem span="quarter" name="osMin" label={t('osMin')}>
        <Select allowClear options={osOptions()} popupMatchSelectWidth={false} />
      </GridItem>
      <GridItem span="quarter" name="osMax" label={t('osMax')}>
        <Select allowClear options={osOptions()} popupMatchSelectWidth={false} />
      </GridItem>
      <GridItem name="autoUpdate" label={t('autoUpdate')} valuePropName="checked">
        <Switch data-testid="apk-field-auto-update" />
      </GridItem>
      <GridItem span="full" name="description" label={t('description')}>
        <Input.TextArea rows={2} maxLength={APP_LIMITS.textMax} />
      </GridItem>
      <ReleaseNotesFields testIdPrefix="apk-field-notes" />
    </UploadDialog>
  );
};

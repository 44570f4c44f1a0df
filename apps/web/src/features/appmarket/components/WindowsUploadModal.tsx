import { APP_LIMITS, type AppDetail } from '@cpm/contracts';
import { appMarketRoutes } from '@cpm/contracts/routes';
import { Form, Input, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DialogProps } from '../../../shared/crud';
import { GridItem } from '../../../shared/crud/GridItem';
import { Upload } from '../../../shared/upload/Upload';
import { useAppTypes } from '../hooks';
import { ReleaseNotesFields, UploadDialog, VisibilitySelect } from './uploadFields';

type Fields = {
  name?: string;
  packageName?: string;
  versionName?: string;
  type?: string;
  description?: string;
  installArgs?: string;
  releaseNotesEn?: string;
  releaseNotesZh?: string;
  visibility?: 'public' | 'private';
};

/** Upload of a Windows installer (EXE, MSI or ZIP by content) as a new program or its next version. */
export const WindowsUploadModal = ({
  open,
  packageName,
  onClose,
  onSaved,
}: DialogProps<
  {
    open: boolean;
    /** A new version of this program (its identifier is fixed). */
    packageName?: string;
  },
  AppDetail
>) => {
  const { t } = useTranslation('appmarket');
  const [form] = Form.useForm<Fields>();
  const values = Form.useWatch([], form) as Fields | undefined;
  const types = useAppTypes();
  const fields = Object.fromEntries(
    Object.entries({ ...values, ...(packageName ? { packageName } : {}) }).filter(
      ([, v]) => typeof v === 'string' && v.trim() !== '',
    ),
  ) as Record<string, string>;
  const ready = Boolean(fields.packageName && fields.versionName && (packageName || fields.name));
  return (
    <UploadDialog<Fields>
      open={open}
      title={packageName ? t('newVersion') : t('uploadWindows')}
      form={form}
      initialValues={{ visibility: 'public' }}
      testId="windows-upload-form"
      onClose={onClose}
      upload={
        <>
          {!ready && <Typography.Text type="secondary">{t('windowsFieldsFirst')}</Typography.Text>}
          <Upload<AppDetail>
            action={appMarketRoutes.uploadWindows.path}
            rules={{
              maxSize: APP_LIMITS.maxPackageBytes,
              accept: ['binary', 'zip'],
              maxCount: 1,
              plainName: true,
            }}
            fields={fields}
            waitFor={ready ? undefined : t('windowsFieldsFirst')}
            testId="windows-upload"
            onUploaded={onSaved}
          />
        </>
      }
    >
      {!packageName && (
        <>
          <GridItem name="name" label={t('name')} required extra={t('nameRule')}>
            <Input data-testid="win-field-name" maxLength={APP_LIMITS.nameMax} />
          </GridItem>
          <GridItem name="packageName" label={t('programId')} required extra={t('programIdHint')}>
            <Input data-testid="win-field-package" placeholder="com.example.posagent" />
          </GridItem>
        </>
      )}
      <GridItem name="versionName" label={t('version')} required>
        <Input data-testid="win-field-version" placeholder="1.0.0" />
      </GridItem>
      <GridItem name="installArgs" label={t('installArgs')} extra={t('installArgsHint')}>
        <Input data-testid="win-field-args" placeholder="/S" />
      </GridItem>
      {!packageName && (
        <>
          <GridItem name="type" label={t('type')}>
            <Select allowClear options={types.options} />
          </GridItem>
          <GridItem name="visibility" label={t('visibility')}>
            <VisibilitySelect />
          </GridItem>
          <GridItem span="full" name="description" label={t('description')}>
            <Input.TextArea rows={2} />
          </GridItem>
        </>
      )}
      <ReleaseNotesFields />
    </UploadDialog>
  );
};

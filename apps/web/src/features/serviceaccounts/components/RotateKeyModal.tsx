import type { ApiKeyRow, IssuedApiKey } from '@cpm/contracts';
import { serviceAccountsRoutes } from '@cpm/contracts/routes';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/http';
import type { DialogProps } from '../../../shared/crud/dialogProps';
import { CrudField, CrudFormModal } from '../../../shared/crud/LazyCrudForm';
import { lazySchema } from '../../../shared/crud/lazySchema';
import { EXPIRY_HOURS, OVERLAP_MINUTES } from './keyChoices';

const rotateSchema = lazySchema(() =>
  import('@cpm/contracts/serviceaccounts/serviceaccounts.contract').then((m) => m.ApiKeyRotateSchema),
);

/** Issues a successor to a key; the old one stays valid for the chosen overlap. */
export const RotateKeyModal = ({
  apiKey,
  onClose,
  onSaved,
}: DialogProps<{ apiKey: ApiKeyRow | null }, IssuedApiKey>) => {
  const { t } = useTranslation('serviceaccounts');
  return (
    <CrudFormModal
      open={apiKey !== null}
      title={t('rotate.title', { prefix: apiKey?.prefix ?? '' })}
      schema={rotateSchema}
      initialValues={{ id: apiKey?.id, overlapMinutes: 60, expiresInHours: 24 * 90 }}
      onSubmit={async (body) => onSaved(await call(serviceAccountsRoutes.rotateKey, { body }))}
      onClose={onClose}
      testId="rotate-key-form"
    >
      <CrudField name="overlapMinutes" label={t('rotate.overlap')} extra={t('rotate.overlapHint')}>
        <Select options={OVERLAP_MINUTES.map((m) => ({ value: m, label: t(`overlap.${m}`) }))} />
      </CrudField>
      <CrudField name="expiresInHours" label={t('key.expiresIn')}>
        <Select options={EXPIRY_HOURS.map((h) => ({ value: h, label: t(`expiry.${h}`) }))} />
      </CrudField>
    </CrudFormModal>
  );
};

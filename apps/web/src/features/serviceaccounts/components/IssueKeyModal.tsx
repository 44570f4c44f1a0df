import type { IssuedApiKey, ServiceAccountRow } from '@cpm/contracts';
import { serviceAccountsRoutes } from '@cpm/contracts/routes';
import { Input, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/http';
import type { DialogProps } from '../../../shared/crud/dialogProps';
import { CrudField, CrudFormModal } from '../../../shared/crud/LazyCrudForm';
import { lazySchema } from '../../../shared/crud/lazySchema';
import { scopeLabel } from '../scopeLabels';
import { EXPIRY_HOURS } from './keyChoices';

const issueSchema = lazySchema(() =>
  import('@cpm/contracts/serviceaccounts/serviceaccounts.contract').then((m) => m.ApiKeyIssueSchema),
);

/** Issues a key for a service account; its scopes are chosen from what the account's role grants. */
export const IssueKeyModal = ({
  account,
  rolePermissions,
  onClose,
  onSaved,
}: DialogProps<{ account: ServiceAccountRow | null; rolePermissions: string[] }, IssuedApiKey>) => {
  const { t, i18n } = useTranslation('serviceaccounts');
  return (
    <CrudFormModal
      open={account !== null}
      title={t('issue.title', { name: account?.name ?? '' })}
      schema={issueSchema}
      initialValues={{
        serviceAccountId: account?.id,
        expiresInHours: 24 * 90,
        allowedSources: [],
        rateLimitPerMinute: 600,
      }}
      onSubmit={async (body) => onSaved(await call(serviceAccountsRoutes.issueKey, { body }))}
      onClose={onClose}
      testId="issue-key-form"
    >
      <CrudField name="name" label={t('key.name')}>
        <Input />
      </CrudField>
      <CrudField name="scopes" label={t('key.scopes')} extra={t('issue.scopesHint')}>
        <Select
          mode="multiple"
          optionFilterProp="label"
          options={rolePermissions.map((p) => ({
            value: p,
            label: scopeLabel(p, i18n.language, t('key.view')),
          }))}
          data-testid="issue-scopes"
        />
      </CrudField>
      <CrudField name="expiresInHours" label={t('key.expiresIn')}>
        <Select options={EXPIRY_HOURS.map((h) => ({ value: h, label: t(`expiry.${h}`) }))} />
      </CrudField>
      <CrudField name="allowedSources" label={t('key.allowedSources')} extra={t('issue.sourcesHint')}>
        <Select mode="tags" tokenSeparators={[',', ' ']} open={false} />
      </CrudField>
      <CrudField name="rateLimitPerMinute" label={t('key.rateLimit')}>
        <InputNumber min={1} style={{ width: '100%' }} />
      </CrudField>
    </CrudFormModal>
  );
};

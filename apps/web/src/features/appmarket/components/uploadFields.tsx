import { APP_LIMITS } from '@cpm/contracts';
import { Col, Form, Input, Select, type SelectProps } from 'antd';
import { useTranslation } from 'react-i18next';

/** Who may see an app in the market: everyone, or the publisher's own enterprise. */
export const VisibilitySelect = (props: Omit<SelectProps<string>, 'options'>) => {
  const { t } = useTranslation('appmarket');
  return (
    <Select<string>
      options={[
        { value: 'public', label: t('visibilities.public') },
        { value: 'private', label: t('visibilities.private') },
      ]}
      {...props}
    />
  );
};

/** A version's release notes in both languages, side by side on a wide screen. */
export const ReleaseNotesFields = ({ testIdPrefix }: { testIdPrefix?: string }) => {
  const { t } = useTranslation('appmarket');
  return (['En', 'Zh'] as const).map((lang) => (
    <Col key={lang} xs={24} md={12}>
      <Form.Item name={`releaseNotes${lang}`} label={t(`releaseNotes${lang}`)}>
        <Input.TextArea
          rows={3}
          maxLength={APP_LIMITS.textMax}
          data-testid={testIdPrefix && `${testIdPrefix}-${lang.toLowerCase()}`}
        />
      </Form.Item>
    </Col>
  ));
};

import { APP_LIMITS } from '@cpm/contracts';
import { Col, Form, type FormInstance, Input, Modal, Row, Select, type SelectProps } from 'antd';
import type { ReactNode } from 'react';
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

type UploadDialogProps<V extends object> = {
  open: boolean;
  title: string;
  form: FormInstance<V>;
  initialValues: Partial<V>;
  testId: string;
  onClose: () => void;
  /** Shown above the form. */
  intro?: ReactNode;
  /** The form's fields, in a two-column grid. */
  children: ReactNode;
  /** Below the form: the upload itself, which sends the form's values with the file. */
  upload: ReactNode;
};

/** A package upload's dialog: the metadata form, then the upload; closing forgets what was typed. */
export const UploadDialog = <V extends object>({
  open,
  title,
  form,
  initialValues,
  testId,
  onClose,
  intro,
  children,
  upload,
}: UploadDialogProps<V>) => (
  <Modal
    open={open}
    title={title}
    footer={null}
    width={720}
    destroyOnHidden
    onCancel={() => {
      form.resetFields();
      onClose();
    }}
  >
    {intro}
    <Form name={testId} form={form} layout="vertical" initialValues={initialValues} data-testid={testId}>
      <Row gutter={16}>{children}</Row>
    </Form>
    {upload}
  </Modal>
);

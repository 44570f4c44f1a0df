import { LogoutOutlined } from '@ant-design/icons';
import { ACCOUNT_STATE, LIMITS } from '@cpm/contracts';
import { authRoutes, usersRoutes } from '@cpm/contracts/routes';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Form, Input, Result, Row, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/http';
import { Logo } from '../../../shared/Logo';
import { LanguageDropdown } from '../../../shared/settings/LanguageDropdown';
import { ThemeToggle } from '../../../shared/settings/ThemeToggle';
import { logout } from '../authService';

type DetailsForm = {
  name: string;
  companyName: string;
  address: string;
  salesmanName: string;
  salesmanPhone: string;
  salesmanAddress: string;
};

const FIELDS: { name: keyof DetailsForm; label: string; max: number }[] = [
  { name: 'name', label: 'user.name', max: LIMITS.nameMax },
  { name: 'companyName', label: 'user.companyName', max: LIMITS.titleMax },
  { name: 'address', label: 'user.address', max: LIMITS.titleMax * 2 },
  { name: 'salesmanName', label: 'user.salesmanName', max: LIMITS.nameMax },
  { name: 'salesmanPhone', label: 'user.salesmanPhone', max: 32 },
  { name: 'salesmanAddress', label: 'user.salesmanAddress', max: LIMITS.titleMax * 2 },
];

/**
 * "Complete your information": where a newly activated account lands after login. The details go
 * to an administrator's review; until approved the account reaches nothing else.
 */
export const GuideToFillingPage = () => {
  const { t } = useTranslation('accounts');
  const [form] = Form.useForm<DetailsForm>();
  const [saving, setSaving] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const status = useQuery({
    queryKey: ['user-status'],
    queryFn: () => call(authRoutes.userStatus, { loading: false, silent: true }),
  });

  const submit = async (values: DetailsForm) => {
    setSaving(true);
    try {
      await call(usersRoutes.completeInfo, { body: values });
      setSubmitted(true);
      setTimeout(() => void logout(), LIMITS.logoutAfterPasswordChangeMs);
    } catch {
      // The client showed why.
    } finally {
      setSaving(false);
    }
  };

  const rejected = status.data?.verify === ACCOUNT_STATE.rejected;
  return (
    <div className="cpm-standalone" data-testid="guide-page">
      <header className="cpm-standalone-header">
        <div className="cpm-standalone-brand">
          <Logo size={32} />
          <span>{t('common:app.name')}</span>
        </div>
        <div>
          <LanguageDropdown />
          <ThemeToggle />
        </div>
      </header>
      <main className="cpm-standalone-body">
        {submitted ? (
          <Result status="success" title={t('guide.submitted')} data-testid="guide-submitted" />
        ) : (
          <Card style={{ maxWidth: 720, width: '100%' }}>
            <Typography.Title level={4}>{t('guide.title')}</Typography.Title>
            <Typography.Paragraph type="secondary">{t('guide.description')}</Typography.Paragraph>
            {rejected && (
              <Alert
                type="error"
                showIcon
                style={{ marginBottom: 16 }}
                title={t('guide.rejected', { reason: status.data?.rejectReason ?? '' })}
              />
            )}
            <Form<DetailsForm>
              name="guide"
              form={form}
              layout="vertical"
              onFinish={submit}
              data-testid="guide-form"
            >
              <Row gutter={16}>
                {FIELDS.map((f) => (
                  <Col xs={24} md={12} key={f.name}>
                    <Form.Item
                      name={f.name}
                      label={t(f.label)}
                      rules={[{ required: true, whitespace: true, message: t('rules.required') }]}
                    >
                      <Input maxLength={f.max} data-testid={`guide-${f.name}`} />
                    </Form.Item>
                  </Col>
                ))}
              </Row>
              <Button type="primary" htmlType="submit" loading={saving} data-testid="guide-submit">
                {t('guide.submit')}
              </Button>
              <Button
                style={{ marginLeft: 8 }}
                icon={<LogoutOutlined />}
                onClick={() => void logout()}
                data-testid="guide-logout"
              >
                {t('common:actions.logout')}
              </Button>
            </Form>
          </Card>
        )}
      </main>
    </div>
  );
};

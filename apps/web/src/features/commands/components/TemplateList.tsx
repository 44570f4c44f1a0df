import { DeleteOutlined } from '@ant-design/icons';
import { commandRoutes } from '@cpm/contracts/routes';
import { Button, Card, Popconfirm, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/http';
import { Auth } from '../../../shared/auth/Auth';

/** The user's saved commands: load one into the form, or delete it. */
export const TemplateList = ({
  templates,
  onPick,
  onDeleted,
}: {
  templates: { id: string; name: string; command: Record<string, unknown> }[];
  onPick: (id: string) => void;
  onDeleted: () => void;
}) => {
  const { t } = useTranslation('commands');
  if (!templates.length) return null;
  return (
    <Card variant="borderless" title={t('templates.title')} style={{ marginTop: 16 }} size="small">
      <Space direction="vertical" style={{ width: '100%' }}>
        {templates.map((x) => (
          <Space
            key={x.id}
            style={{ width: '100%', justifyContent: 'space-between' }}
            data-testid="command-template-row"
          >
            <Button type="link" onClick={() => onPick(x.id)} style={{ paddingInline: 0 }}>
              {x.name}
            </Button>
            <Space size={4}>
              <Typography.Text type="secondary">{t(`ops.${String(x.command.op)}`)}</Typography.Text>
              <Auth permission="remote:command:delete">
                <Popconfirm
                  title={t('templates.deleteConfirm', { name: x.name })}
                  onConfirm={async () => {
                    await call(commandRoutes.templateDelete, { query: { id: x.id }, notifySuccess: true });
                    onDeleted();
                  }}
                >
                  <Button
                    size="small"
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('templates.delete')}
                  />
                </Popconfirm>
              </Auth>
            </Space>
          </Space>
        ))}
      </Space>
    </Card>
  );
};

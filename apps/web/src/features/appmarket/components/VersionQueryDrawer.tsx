import { SearchOutlined } from '@ant-design/icons';
import { toFieldErrors, type VersionQueryRow, VersionQuerySchema } from '@cpm/contracts';
import { appMarketRoutes } from '@cpm/contracts/routes';
import { useQuery } from '@tanstack/react-query';
import { Button, Drawer, Empty, Form, Input, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/http';
import { queryKeys } from '../../../shared/crud';
import { timeColumn } from '../../../shared/table/timeColumn';
import { formatBytes } from '../../../shared/upload/formatBytes';

/**
 * Why a name cannot be queried, in both languages: the contract's own check, so the form refuses an
 * empty name with the words the server would answer.
 */
export const versionQueryRefusal = (appName: string): { zh: string; en: string } | null => {
  const parsed = VersionQuerySchema.safeParse({ appName });
  if (parsed.success) return null;
  const [first] = toFieldErrors(parsed.error.issues, '');
  return { zh: first.message, en: first.messageEn };
};

/**
 * The version query of the app market: an app name (or part of it, or of its package) in, the
 * approved versions of the matching market apps out, newest first per app.
 */
export const VersionQueryDrawer = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const { t, i18n } = useTranslation('appmarket');
  const [text, setText] = useState('');
  const [asked, setAsked] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<{ zh: string; en: string } | null>(null);
  const found = useQuery({
    queryKey: [...queryKeys.appMarket.all, 'version-query', asked],
    enabled: asked !== null,
    queryFn: () => call(appMarketRoutes.versionQuery, { query: { appName: asked ?? '' }, loading: false }),
  });
  const submit = () => {
    const why = versionQueryRefusal(text);
    setRefusal(why);
    if (!why) setAsked(text.trim());
  };
  const rows = found.data ?? [];
  return (
    <Drawer
      open={open}
      onClose={onClose}
      width="min(960px, 100vw)"
      title={t('versionQuery.title')}
      data-testid="version-query"
    >
      <Form name="version-query" layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item
          label={t('versionQuery.appName')}
          required
          validateStatus={refusal ? 'error' : undefined}
          help={
            refusal ? (
              <span data-testid="version-query-error">
                {i18n.language === 'en' ? refusal.en : refusal.zh}
              </span>
            ) : (
              t('versionQuery.hint')
            )
          }
        >
          <Space.Compact style={{ width: '100%', maxWidth: 520 }}>
            <Input
              allowClear
              autoFocus
              value={text}
              placeholder={t('versionQuery.placeholder')}
              onChange={(e) => {
                setText(e.target.value);
                if (refusal) setRefusal(null);
              }}
              data-testid="version-query-name"
            />
            <Button
              type="primary"
              htmlType="submit"
              icon={<SearchOutlined />}
              loading={found.isFetching}
              data-testid="version-query-submit"
            >
              {t('versionQuery.search')}
            </Button>
          </Space.Compact>
        </Form.Item>
      </Form>
      {asked !== null && found.isSuccess && (
        <Typography.Text
          type="secondary"
          style={{ display: 'block', marginTop: 8 }}
          data-testid="version-query-count"
        >
          {t('versionQuery.found', { count: rows.length })}
        </Typography.Text>
      )}
      {asked !== null && (
        <Table<VersionQueryRow>
          style={{ marginTop: 8 }}
          size="small"
          rowKey="id"
          loading={found.isFetching}
          dataSource={rows}
          pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
          scroll={{ x: 'max-content' }}
          data-testid="version-query-table"
          onRow={(r) => ({ 'data-testid': `version-query-row-${r.versionCode}` }) as never}
          locale={{
            emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('versionQuery.empty')} />,
          }}
          columns={[
            {
              title: t('name'),
              dataIndex: 'appName',
              render: (v: string, r) => (
                <Space size={4}>
                  <Typography.Text strong>{v}</Typography.Text>
                  {r.platform === 'windows' && <Tag>Windows</Tag>}
                </Space>
              ),
            },
            { title: t('packageName'), dataIndex: 'packageName' },
            { title: t('versionQuery.versionName'), dataIndex: 'versionName' },
            { title: t('versionCode'), dataIndex: 'versionCode' },
            { title: t('size'), dataIndex: 'size', render: (v: number) => formatBytes(v) },
            timeColumn('releasedAt', t('versionQuery.releasedAt')),
          ]}
        />
      )}
    </Drawer>
  );
};

import { BellOutlined } from '@ant-design/icons';
import { messageRoutes } from '@cpm/contracts/routes';
import { useQuery } from '@tanstack/react-query';
import { Badge, Button, Dropdown, Flex, Tooltip, Typography, theme } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { call } from '../../../api/http';
import { messageKeys } from '../hooks/messageKeys';
import { useUnreadCount } from '../hooks/useUnreadCount';
import { NOTICE_NAMESPACES, readableMessage } from '../noticeText';

/** How many of the latest notices the bell's panel shows. */
export const PREVIEW_SIZE = 5;

/**
 * The header's bell: its badge counts the unread notices; a click opens a panel with the latest
 * ones (title in the reader's language, time, unread mark) and "View all", which opens My Messages. A notice in the panel
 * opens My Messages too, where it is read in full.
 */
export const NoticeBell = ({ messagesPath }: { messagesPath: string }) => {
  const { t, i18n } = useTranslation('layout');
  // The notices' catalogues load with the panel, not with the frame: the frame never waits for them.
  const notices = useTranslation(NOTICE_NAMESPACES, { useSuspense: false });
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const unread = useUnreadCount();
  const [open, setOpen] = useState(false);
  const latest = useQuery({
    queryKey: [...messageKeys.mine, 'preview'],
    enabled: open,
    staleTime: 0,
    queryFn: () =>
      call(messageRoutes.myPage, {
        query: { current: 1, size: PREVIEW_SIZE },
        loading: false,
        silent: true,
      }),
  });
  const go = () => {
    setOpen(false);
    navigate(messagesPath);
  };
  const records = (latest.data?.records ?? []).map((m) =>
    notices.ready ? { ...m, title: readableMessage(m, notices.t).title } : m,
  );
  const when = (iso: string) =>
    new Date(iso).toLocaleString(i18n.language === 'zh' ? 'zh-CN' : 'en', {
      dateStyle: 'medium',
      timeStyle: 'short',
    });

  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      // On a phone the bell is not at the edge: the panel slides back into the screen.
      align={{ overflow: { adjustX: true, adjustY: true, shiftX: true } }}
      open={open}
      onOpenChange={setOpen}
      menu={{
        items: records.map((m) => ({
          key: m.id,
          label: (
            <Flex vertical style={{ maxWidth: 300 }} data-testid="notice-preview-item">
              <Badge
                status={m.read ? 'default' : 'processing'}
                text={
                  <Typography.Text strong={!m.read} ellipsis style={{ maxWidth: 270 }}>
                    {m.read ? m.title : `${m.title} · ${t('noticeNew')}`}
                  </Typography.Text>
                }
              />
              <Typography.Text type="secondary" style={{ fontSize: 12, paddingInlineStart: 14 }}>
                {when(m.publishedAt)}
              </Typography.Text>
            </Flex>
          ),
        })),
        onClick: go,
      }}
      popupRender={(menu) => (
        <div
          data-testid="notice-preview"
          style={{
            background: token.colorBgElevated,
            borderRadius: token.borderRadiusLG,
            boxShadow: token.boxShadowSecondary,
            width: 'min(340px, calc(100vw - 24px))',
          }}
        >
          <Typography.Text strong style={{ display: 'block', padding: '10px 16px 4px' }}>
            {unread ? t('noticeUnread', { count: unread > 99 ? '99+' : unread }) : t('notice')}
          </Typography.Text>
          {records.length ? (
            <div style={{ boxShadow: 'none' }}>{menu}</div>
          ) : (
            <Typography.Text type="secondary" style={{ display: 'block', padding: '8px 16px' }}>
              {latest.isFetching ? t('noticeLoading') : t('noticeNone')}
            </Typography.Text>
          )}
          <div style={{ borderTop: `1px solid ${token.colorSplit}`, padding: 4, textAlign: 'center' }}>
            <Button type="link" block onClick={go} data-testid="notice-view-all">
              {t('noticeViewAll')}
            </Button>
          </div>
        </div>
      )}
    >
      {/* While the panel is open the button shows no tooltip: it would take the Escape meant for it. */}
      <Tooltip title={t('notice')} placement="bottom" mouseEnterDelay={0.5} open={open ? false : undefined}>
        <Button
          type="text"
          className="cpm-icon-button"
          // The badge's number is part of what the button shows, so it is part of its name.
          aria-label={unread ? t('noticeUnread', { count: unread > 99 ? '99+' : unread }) : t('notice')}
          aria-expanded={open}
          data-testid="notice-bell"
          icon={
            <Badge count={unread} size="small" offset={[2, -2]} data-testid="notice-badge">
              <BellOutlined />
            </Badge>
          }
        />
      </Tooltip>
    </Dropdown>
  );
};

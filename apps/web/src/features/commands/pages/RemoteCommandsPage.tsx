import { DeleteOutlined, PlayCircleOutlined, SaveOutlined } from '@ant-design/icons';
import {
  COMMAND_OPS,
  type CommandOp,
  type CommandRow,
  CommandSpecSchema,
  describeIssue,
  REMOTE_COMMAND_LIMITS,
} from '@cpm/contracts';
import { commandRoutes, devicesRoutes } from '@cpm/contracts/routes';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Checkbox,
  Col,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Row,
  Select,
  Space,
  Table,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { call } from '../../../api/http';
import { Auth } from '../../../shared/auth/Auth';
import { FLEET_QUERY_ROOT } from '../../../shared/live/useLiveEvents';
import { CommandDetailDrawer, commandKeys } from '../components/CommandDetailDrawer';
import { CommandResultTag } from '../components/CommandResultTag';
import { type CommandFormValues, DISRUPTIVE_OPS, OP_FIELDS, specOf, valuesOf } from '../lib/commandForm';
import '../commands.css';
import { readRows } from '../../../shared/table/readRows';

const PAGE_SIZE = 10;

/**
 * Remote commands (`/remote/common`): pick terminals and a command (or a saved one), run it, and
 * follow each terminal's result and output; the history of every command with who ran it, when, on
 * which terminals and how it went.
 */
export const RemoteCommandsPage = () => {
  const { t, i18n } = useTranslation('commands');
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const [form] = Form.useForm<CommandFormValues & { sns: string[]; queueOffline: boolean }>();
  const op = Form.useWatch('op', form) as CommandOp | undefined;
  const [search, setSearch] = useState('');
  const [openId, setOpenId] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const [password, setPassword] = useState('');
  const [naming, setNaming] = useState(false);
  const [templateName, setTemplateName] = useState('');
  const [running, setRunning] = useState(false);
  const [filterOp, setFilterOp] = useState<CommandOp | undefined>();
  const [page, setPage] = useState(1);

  const terminals = useQuery({
    queryKey: [FLEET_QUERY_ROOT, 'command-terminals', search],
    queryFn: () =>
      call(devicesRoutes.terminalPage, {
        query: { sn: search || undefined, current: 1, size: 20 },
        loading: false,
        silent: true,
      }),
  });
  const templates = useQuery({
    queryKey: [...commandKeys.all, 'templates'],
    queryFn: () => call(commandRoutes.templates, { loading: false }),
  });
  const history = useQuery({
    queryKey: [...commandKeys.all, 'page', filterOp, page],
    queryFn: () =>
      call(commandRoutes.page, { query: { op: filterOp, current: page, size: PAGE_SIZE }, loading: false }),
    refetchInterval: (q) =>
      (q.state.data as { records: CommandRow[] } | undefined)?.records.some((r) => r.counts.open > 0)
        ? 3000
        : false,
  });

  const opOptions = COMMAND_OPS.map((o) => ({ value: o, label: t(`ops.${o}`) }));
  const fields = op ? OP_FIELDS[op] : [];

  const send = async (pw?: string) => {
    const v = form.getFieldsValue(true);
    setRunning(true);
    try {
      const row = await call(commandRoutes.run, {
        body: {
          sns: v.sns,
          command: specOf(v) as never,
          password: pw,
          queueOffline: Boolean(v.queueOffline),
        },
        notifySuccess: false,
      });
      message.success(t('run.sent', { count: row.counts.total }));
      setAsking(false);
      setPassword('');
      setPage(1);
      await queryClient.invalidateQueries({ queryKey: commandKeys.all });
      setOpenId(row.id);
    } catch {
      // The API has shown why (offline or unknown terminals, a refused shell line...).
    } finally {
      setRunning(false);
    }
  };

  /** The contract's own check of the command, its refusal shown on the field it concerns. */
  const contractRefuses = (v: CommandFormValues) => {
    const parsed = CommandSpecSchema.safeParse(specOf(v));
    if (parsed.success) return false;
    type Issue = Parameters<typeof describeIssue>[0] & { path: PropertyKey[]; errors?: Issue[][] };
    // A union reports each variant; the issue of the chosen op's own fields is the one to show.
    const issues = (parsed.error.issues as unknown as Issue[]).flatMap((i) =>
      i.code === 'invalid_union' && i.errors ? i.errors.flat() : [i],
    );
    const issue = issues.find((i) => i.path.length > 0 && i.path[0] !== 'op') ?? issues[0];
    const text = describeIssue(issue);
    const key = String(issue.path[0] ?? 'op');
    const name = (key === 'from' || key === 'to' ? 'range' : key) as keyof CommandFormValues;
    form.setFields([{ name, errors: [i18n.language.startsWith('zh') ? text.zh : text.en] }]);
    return true;
  };

  const submit = async () => {
    await form.validateFields();
    const v = form.getFieldsValue(true);
    if (contractRefuses(v)) return;
    if (v.op === 'shell') return setAsking(true);
    if (DISRUPTIVE_OPS.includes(v.op))
      return modal.confirm({
        title: t('run.confirmTitle', { op: t(`ops.${v.op}`) }),
        content: t('run.confirmBody', { count: v.sns.length }),
        okText: t('run.go'),
        onOk: () => send(),
      });
    await send();
  };

  const saveTemplate = async () => {
    const v = form.getFieldsValue(true);
    try {
      await call(commandRoutes.templateAdd, {
        body: { name: templateName, command: specOf(v) as never },
        notifySuccess: true,
      });
      setNaming(false);
      setTemplateName('');
      await templates.refetch();
    } catch {
      // Shown by the API (a duplicate name, a refused command).
    }
  };

  const loadTemplate = (id: string) => {
    const tpl = templates.data?.find((x) => x.id === id);
    if (!tpl) return;
    form.setFieldsValue({ ...valuesOf(tpl.command, (iso) => dayjs(iso)) } as never);
  };

  const form_ = (
    <Card variant="borderless" title={t('run.title')} data-testid="command-form-card">
      <Form
        form={form}
        layout="vertical"
        initialValues={{ op: 'device_props', count: 4, sns: params.get('sn') ? [params.get('sn')] : [] }}
        requiredMark={false}
      >
        <Form.Item label={t('run.template')}>
          <Space.Compact style={{ width: '100%' }}>
            <Select
              allowClear
              placeholder={t('run.templatePlaceholder')}
              options={(templates.data ?? []).map((x) => ({ value: x.id, label: x.name }))}
              onChange={(id?: string) => id && loadTemplate(id)}
              data-testid="command-template"
              style={{ flex: 1 }}
            />
          </Space.Compact>
        </Form.Item>
        <Form.Item
          name="sns"
          label={t('run.terminals')}
          rules={[{ required: true, type: 'array', min: 1, message: t('run.terminalsRequired') }]}
          extra={t('run.terminalsHint')}
        >
          <Select
            mode="tags"
            showSearch
            tokenSeparators={[',', ' ', '\n']}
            onSearch={setSearch}
            placeholder={t('run.terminalsPlaceholder')}
            data-testid="command-terminals"
            options={(terminals.data?.records ?? []).map((r) => ({
              value: r.sn,
              label: (
                <Space size={4}>
                  <span>{r.sn}</span>
                  {r.name !== r.sn && <Typography.Text type="secondary">{r.name}</Typography.Text>}
                  <Typography.Text type={r.online ? 'success' : 'secondary'}>
                    · {r.online ? t('run.online') : t('run.offline')}
                  </Typography.Text>
                </Space>
              ),
            }))}
          />
        </Form.Item>
        <Form.Item name="op" label={t('run.command')} rules={[{ required: true }]}>
          <Select
            options={opOptions}
            data-testid="command-op"
            showSearch
            optionFilterProp="label"
            virtual={false}
            listHeight={400}
          />
        </Form.Item>
        {fields.includes('packageName') && (
          <Form.Item
            name="packageName"
            label={t('run.packageName')}
            rules={[{ required: true, message: t('run.packageRequired') }]}
          >
            <Input placeholder="com.example.cashier" data-testid="command-package" />
          </Form.Item>
        )}
        {fields.includes('host') && (
          <Row gutter={12}>
            <Col flex="auto">
              <Form.Item
                name="host"
                label={t('run.host')}
                rules={[{ required: true, message: t('run.hostRequired') }]}
              >
                <Input placeholder="localhost" data-testid="command-host" />
              </Form.Item>
            </Col>
            {fields.includes('count') && (
              <Col flex="120px">
                <Form.Item name="count" label={t('run.count')}>
                  <InputNumber min={1} max={REMOTE_COMMAND_LIMITS.pingCountMax} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
            )}
          </Row>
        )}
        {fields.includes('range') && (
          <Form.Item
            name="range"
            label={t('run.range')}
            rules={[{ required: true, message: t('run.rangeRequired') }]}
            extra={t('run.rangeHint')}
          >
            <DatePicker.RangePicker showTime style={{ width: '100%' }} data-testid="command-range" />
          </Form.Item>
        )}
        {fields.includes('command') && (
          <Form.Item
            name="command"
            label={t('run.shell')}
            rules={[{ required: true, message: t('run.shellRequired') }]}
            extra={t('run.shellHint')}
          >
            <Input.TextArea rows={3} placeholder="getprop ro.serialno" data-testid="command-shell" />
          </Form.Item>
        )}
        <Form.Item name="queueOffline" valuePropName="checked" extra={t('run.queueHint')}>
          <Checkbox data-testid="command-queue">{t('run.queue')}</Checkbox>
        </Form.Item>
        <Space wrap>
          <Auth permission="remote:command:command">
            <Button
              type="primary"
              icon={<PlayCircleOutlined />}
              loading={running}
              onClick={() => void submit().catch(() => undefined)}
              data-testid="command-run"
            >
              {t('run.go')}
            </Button>
          </Auth>
          <Auth permission="remote:command:add">
            <Button
              icon={<SaveOutlined />}
              onClick={() => setNaming(true)}
              data-testid="command-save-template"
            >
              {t('run.saveTemplate')}
            </Button>
          </Auth>
        </Space>
      </Form>
    </Card>
  );

  const historyCard = (
    <Card
      variant="borderless"
      title={t('history.title')}
      extra={
        <Select
          allowClear
          placeholder={t('history.allCommands')}
          options={opOptions}
          value={filterOp}
          onChange={(v) => {
            setFilterOp(v);
            setPage(1);
          }}
          style={{ minWidth: 160 }}
          data-testid="command-filter-op"
        />
      }
    >
      <Table<CommandRow>
        size="small"
        rowKey="id"
        loading={history.isLoading}
        {...readRows(history.data?.records, history)}
        scroll={{ x: 640 }}
        data-testid="command-history"
        onRow={(r) => ({ onClick: () => setOpenId(r.id), style: { cursor: 'pointer' } })}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: history.data?.total ?? 0,
          onChange: setPage,
          showSizeChanger: false,
        }}
        columns={[
          {
            title: t('history.at'),
            dataIndex: 'createdAt',
            width: 150,
            render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm:ss'),
          },
          {
            title: t('history.command'),
            key: 'op',
            render: (_, r) => (
              <Space direction="vertical" size={0}>
                <Typography.Text data-testid={`command-row-${r.id}`}>{t(`ops.${r.op}`)}</Typography.Text>
                {r.summary && (
                  <Typography.Text type="secondary" ellipsis style={{ maxWidth: 240 }}>
                    {r.summary}
                  </Typography.Text>
                )}
              </Space>
            ),
          },
          {
            title: t('history.terminals'),
            key: 'sns',
            render: (_, r) => (r.counts.total > 1 ? `${r.sns[0]} +${r.counts.total - 1}` : (r.sns[0] ?? '-')),
          },
          {
            title: t('history.results'),
            key: 'counts',
            render: (_, r) => <CommandResultTag counts={r.counts} />,
          },
          { title: t('history.by'), dataIndex: 'createdByName', width: 110 },
        ]}
      />
    </Card>
  );

  return (
    <div className="cpm-commands" data-testid="remote-commands-page">
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={9}>
          {form_}
          <TemplateList
            templates={templates.data ?? []}
            onPick={loadTemplate}
            onDeleted={() => void templates.refetch()}
          />
        </Col>
        <Col xs={24} xl={15}>
          {historyCard}
        </Col>
      </Row>
      <CommandDetailDrawer id={openId} onClose={() => setOpenId(null)} />
      <Modal
        open={asking}
        title={t('run.passwordTitle')}
        okText={t('run.go')}
        confirmLoading={running}
        onOk={() => void send(password)}
        onCancel={() => setAsking(false)}
        okButtonProps={{ disabled: !password, 'data-testid': 'command-password-ok' } as never}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">{t('run.passwordHint')}</Typography.Paragraph>
        <Input.Password
          autoFocus
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          onPressEnter={() => password && void send(password)}
          data-testid="command-password"
        />
      </Modal>
      <Modal
        open={naming}
        title={t('run.saveTemplate')}
        onOk={() => void saveTemplate()}
        onCancel={() => setNaming(false)}
        okButtonProps={{ disabled: !templateName.trim(), 'data-testid': 'command-template-ok' } as never}
        destroyOnHidden
      >
        <Input
          autoFocus
          value={templateName}
          maxLength={64}
          placeholder={t('run.templateName')}
          onChange={(e) => setTemplateName(e.target.value)}
          data-testid="command-template-name"
        />
      </Modal>
    </div>
  );
};

/** The user's saved commands: load one into the form, or delete it. */
const TemplateList = ({
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

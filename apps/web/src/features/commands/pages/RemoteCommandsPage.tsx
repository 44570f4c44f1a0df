import { PlayCircleOutlined, SaveOutlined } from '@ant-design/icons';
import { COMMAND_OPS, type CommandOp, CommandSpecSchema, describeIssue } from '@cpm/contracts';
import { commandRoutes, devicesRoutes } from '@cpm/contracts/routes';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Card, Checkbox, Col, Form, Input, Modal, Row, Select, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { call } from '../../../api/http';
import { ToolbarButton } from '../../../shared/crud';
import { FLEET_QUERY_ROOT } from '../../../shared/live/useLiveEvents';
import { CommandDetailDrawer, commandKeys } from '../components/CommandDetailDrawer';
import { CommandHistory } from '../components/CommandHistory';
import { OpFields } from '../components/OpFields';
import { TemplateList } from '../components/TemplateList';
import { type CommandFormValues, DISRUPTIVE_OPS, OP_FIELDS, specOf, valuesOf } from '../lib/commandForm';
import '../commands.css';
import { unlessSteppedUp } from '../../../shared/auth/stepUp';

/** The terminals the address names: `?sns=a,b` or one `?sn=`. */
const snsOf = (params: URLSearchParams) =>
  (params.get('sns') ?? params.get('sn') ?? '')
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);

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

  // The device list and page open this page with `?sns=`; a page already open takes the new terminals.
  const named = snsOf(params).join(',');
  useEffect(() => {
    if (named) form.setFieldValue('sns', named.split(','));
  }, [named, form]);

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
    if (v.op === 'shell')
      return unlessSteppedUp(
        () => setAsking(true),
        () => send(),
      );
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
        name="remote-command"
        form={form}
        layout="vertical"
        initialValues={{ op: 'device_props', count: 4, sns: snsOf(params) }}
        requiredMark={false}
      >
        <Form.Item label={t('run.template')}>
          <Space.Compact style={{ width: '100%' }}>
            <Select
              allowClear
              placeholder={t('run.templatePlaceholder')}
              aria-label={t('run.template')}
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
        <OpFields fields={fields} />
        <Form.Item name="queueOffline" valuePropName="checked" extra={t('run.queueHint')}>
          <Checkbox data-testid="command-queue">{t('run.queue')}</Checkbox>
        </Form.Item>
        <Space wrap>
          <ToolbarButton
            permission="remote:command:command"
            label={t('run.go')}
            type="primary"
            icon={<PlayCircleOutlined />}
            loading={running}
            onClick={() => void submit().catch(() => undefined)}
            testId="command-run"
          />
          <ToolbarButton
            permission="remote:command:add"
            label={t('run.saveTemplate')}
            icon={<SaveOutlined />}
            onClick={() => setNaming(true)}
            testId="command-save-template"
          />
        </Space>
      </Form>
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
          <CommandHistory opOptions={opOptions} page={page} onPage={setPage} onOpen={setOpenId} />
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

import { SendOutlined } from '@ant-design/icons';
import {
  RISKY_TASK_TYPES,
  TASK_LIMITS,
  TASK_PLATFORMS,
  TASK_TYPES,
  type TaskPlatform,
  type TaskType,
  typeRunsOn,
} from '@cpm/contracts';
import { remoteTaskRoutes } from '@cpm/contracts/routes';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Card, Col, Form, Input, Radio, Row, Select, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { call, showMessage } from '../../../api/http';
import { ApiError } from '../../../api/httpClient';
import { ToolbarButton } from '../../../shared/crud';
import { OtherErrors } from '../../../shared/crud/OtherErrors';
import { fieldErrorsOf } from '../../../shared/crud/zodForm';
import { ConditionsFields } from '../components/ConditionsFields';
import { PasswordDialog } from '../components/PasswordDialog';
import { ReachCard } from '../components/ReachCard';
import { RolloutFields } from '../components/RolloutFields';
import { TargetsFields } from '../components/TargetsFields';
import { TimingFields } from '../components/TimingFields';
import { TypeParamsFields } from '../components/TypeParamsFields';
import { useTaskPreview } from '../hooks/useTaskPreview';
import { fieldOfRefusal, isCatalogueError, isPasswordRefusal } from '../lib/apiErrors';
import {
  checkTaskBody,
  copyNameOf,
  emptyTaskForm,
  type FormFieldErrors,
  fromCopy,
  hasTargets,
  needsPassword,
  placeFieldErrors,
  presetOf,
  type TaskFormValues,
  toCreateBody,
  typeFits,
} from '../lib/taskForm';
import { taskKeys } from '../taskKeys';
import '../tasks.css';
import { unlessSteppedUp } from '../../../shared/auth/stepUp';
import { GridItem } from '../../../shared/crud/GridItem';
import { TASK_NAME_NAMESPACES, taskNameOf } from '../../../shared/text/taskName';

/**
 * Create a remote task (spec: /longRange/index); `?copy=<id>` starts from an existing task,
 * `?type=&platform=&sns=` from a type, platform and terminals.
 */
export const CreateTaskPage = () => {
  const { t, i18n } = useTranslation(['tasks', ...TASK_NAME_NAMESPACES]);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const copyId = params.get('copy');
  const [form] = Form.useForm<TaskFormValues>();
  const initial = useMemo(() => emptyTaskForm(), []);
  const [other, setOther] = useState<string[]>([]);
  const [asking, setAsking] = useState(false);
  const [saving, setSaving] = useState(false);

  const platform = (Form.useWatch('platform', form) as TaskPlatform | undefined) ?? 'android';
  const type = Form.useWatch('type', form) as TaskType | undefined;
  const targets = Form.useWatch('targets', form) as TaskFormValues['targets'] | undefined;
  const preview = useTaskPreview(platform, type, targets);

  const types = useQuery({
    queryKey: [...taskKeys.all, 'types'],
    queryFn: () => call(remoteTaskRoutes.types, { loading: false }),
    staleTime: 5 * 60 * 1000,
  });
  const available = (ty: TaskType) => types.data?.some((i) => i.type === ty) ?? ty !== 'app_install';

  const copy = useQuery({
    queryKey: [...taskKeys.all, 'copy', copyId],
    enabled: Boolean(copyId),
    queryFn: () => call(remoteTaskRoutes.copy, { query: { id: copyId as string } }),
  });
  // The copied task's file or media by name, for the picker (the copy answer carries only its id).
  const copiedFrom = useQuery({
    queryKey: [...taskKeys.all, 'copy-source', copyId],
    enabled: Boolean(copyId),
    queryFn: () =>
      call(remoteTaskRoutes.detail, { query: { id: copyId as string }, loading: false, silent: true }),
  });
  useEffect(() => {
    if (!copy.data) return;
    form.resetFields();
    form.setFieldsValue({ ...fromCopy(copy.data), name: copyNameOf(copy.data, t) });
  }, [copy.data, form, t]);

  // `?type=&platform=&sns=` (the device list's and page's "push an app") starts with those filled in.
  const preset = copyId ? null : presetOf(params);
  const presetKey = preset && JSON.stringify(preset);
  useEffect(() => {
    if (!presetKey) return;
    const { sns, ...rest } = JSON.parse(presetKey) as NonNullable<ReturnType<typeof presetOf>>;
    form.resetFields();
    form.setFieldsValue({ ...rest, targets: { ...emptyTaskForm().targets, sns } });
  }, [presetKey, form]);

  // A platform that cannot run the chosen type clears it, so nothing impossible is sent.
  useEffect(() => {
    if (!typeFits(type, platform)) form.setFieldValue('type', undefined);
  }, [type, platform, form]);

  const showErrors = (errors: FormFieldErrors) => {
    form.setFields(errors.fields as never);
    setOther(errors.other);
    const first = errors.fields[0]?.name;
    if (first) form.scrollToField(first as never, { block: 'center' });
  };

  /** Sends the task; a refusal that is about the password keeps the password dialog open. */
  const create = async (password?: string) => {
    const values = form.getFieldsValue(true) as TaskFormValues;
    setSaving(true);
    try {
      const row = await call(remoteTaskRoutes.create, { body: toCreateBody(values, password), silent: true });
      setAsking(false);
      void queryClient.invalidateQueries({ queryKey: taskKeys.all });
      showMessage(
        'success',
        row.status === 'pendingApproval' ? t('create.awaitingApproval') : t('create.created'),
      );
      navigate(`/longRange/taskInfo?id=${row.id}`);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const placed = placeFieldErrors(fieldErrorsOf(error), i18n.language);
      if (password !== undefined && isPasswordRefusal(error)) throw error;
      setAsking(false);
      if (placed.fields.length || placed.other.length) return showErrors(placed);
      const field = fieldOfRefusal(error, values.type);
      if (field) return showErrors({ fields: [{ name: field, errors: [error.message] }], other: [] });
      // Targets outside the scope are named: the listed SNs get the refusal on their field.
      const outside = isCatalogueError(error, 'taskTargetsOutOfScope')
        ? ((error.envelope?.result as { sns?: string[] } | null)?.sns ?? [])
        : [];
      showErrors({
        fields: outside.length
          ? [{ name: ['targets', 'sns'], errors: [`${error.message}: ${outside.slice(0, 10).join(', ')}`] }]
          : [],
        other: [error.message],
      });
    } finally {
      setSaving(false);
    }
  };

  const submit = async () => {
    setOther([]);
    const fieldsOk = await form.validateFields().then(
      () => true,
      () => false,
    );
    // The contract's own check too, so every problem shows at once, not one layer after the other;
    // a field that already shows an error keeps it.
    const values = form.getFieldsValue(true) as TaskFormValues;
    const problems = checkTaskBody(toCreateBody(values), i18n.language);
    if (!fieldsOk || problems) {
      const fresh = (problems?.fields ?? []).filter((f) => !form.getFieldError(f.name as never).length);
      form.setFields(fresh as never);
      setOther(problems?.other ?? []);
      const first = form.getFieldsError().find((f) => f.errors.length)?.name;
      if (first) form.scrollToField(first, { block: 'center' });
      return;
    }
    if (needsPassword(values.type))
      await unlessSteppedUp(
        () => setAsking(true),
        () => create(),
      ).catch(() => undefined);
    else await create().catch(() => undefined);
  };

  // Terminal commands are run from the remote commands page, which fills their parameters.
  const typeOptions = TASK_TYPES.filter((ty) => ty !== 'remote_command').map((ty) => {
    const runs = typeRunsOn(ty, platform);
    const ready = available(ty);
    return {
      value: ty,
      disabled: !runs || !ready,
      label: (
        <span data-testid={`task-type-${ty}`}>
          {t(`type.${ty}`)}
          {!runs && (
            <Typography.Text type="secondary">
              {' '}
              · {t('create.notOn', { platform: t(`platform.${platform}`) })}
            </Typography.Text>
          )}
          {runs && !ready && (
            <Typography.Text type="secondary"> · {t('create.comingWithMarket')}</Typography.Text>
          )}
          {runs && ready && RISKY_TASK_TYPES.includes(ty) && (
            <Typography.Text type="warning"> · {t('create.risky')}</Typography.Text>
          )}
        </span>
      ),
    };
  });

  return (
    <div className="cpm-page" data-testid="task-create-page">
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          {copyId && copy.data && (
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 16 }}
              message={t('create.copied', { name: taskNameOf(copiedFrom.data ?? copy.data, t) })}
              data-testid="task-copied"
            />
          )}
          <OtherErrors errors={other} />
          <Form
            name="task"
            form={form}
            layout="vertical"
            className="cpm-task-form"
            initialValues={initial}
            data-testid="task-form"
            scrollToFirstError
          >
            <Card title={t('create.basics')} variant="borderless">
              <Row gutter={16}>
                <GridItem
                  name="name"
                  label={t('fields.name')}
                  required
                  rules={[
                    { required: true, whitespace: true, message: t('create.nameRequired') },
                    { max: TASK_LIMITS.nameMax },
                  ]}
                >
                  <Input maxLength={TASK_LIMITS.nameMax} showCount data-testid="task-name" />
                </GridItem>
                <GridItem name="platform" label={t('fields.platform')} required>
                  <Radio.Group
                    optionType="button"
                    buttonStyle="solid"
                    data-testid="task-platform"
                    options={TASK_PLATFORMS.map((p) => ({ value: p, label: t(`platform.${p}`) }))}
                  />
                </GridItem>
                <GridItem
                  name="type"
                  label={t('fields.type')}
                  required
                  extra={t('create.matrixHint')}
                  rules={[{ required: true, message: t('create.typeRequired') }]}
                >
                  <Select
                    options={typeOptions}
                    placeholder={t('create.chooseType')}
                    data-testid="task-type"
                    labelRender={(o) => t(`type.${String(o.value)}`)}
                    popupMatchSelectWidth={false}
                  />
                </GridItem>
              </Row>
              <TypeParamsFields
                type={type}
                platform={platform}
                available={!type || available(type)}
                known={copiedFrom.data?.resource}
              />
            </Card>
            <Card title={t('create.targets')} variant="borderless">
              <TargetsFields preview={preview.data} />
            </Card>
            <Card title={t('create.timing')} variant="borderless">
              <TimingFields />
            </Card>
            <Card title={t('create.conditions')} variant="borderless">
              <ConditionsFields />
            </Card>
            <Card title={t('create.rollout')} variant="borderless">
              <RolloutFields />
            </Card>
          </Form>
        </Col>
        <Col xs={24} xl={8}>
          <div className="cpm-task-side">
            <ReachCard
              preview={preview.data}
              loading={preview.isFetching}
              error={preview.error}
              hasTargets={Boolean(targets && hasTargets(targets))}
              risky={needsPassword(type)}
            >
              <ToolbarButton
                permission="task:create:add"
                label={t('create.submit')}
                type="primary"
                size="large"
                block
                icon={<SendOutlined />}
                loading={saving && !asking}
                onClick={() => void submit()}
                testId="task-create-submit"
              />
            </ReachCard>
          </div>
        </Col>
      </Row>
      <PasswordDialog
        open={asking}
        title={t('password.createTitle')}
        description={t('password.createText', { type: type ? t(`type.${type}`) : '' })}
        okText={t('create.submit')}
        onSubmit={(password) => create(password)}
        onClose={() => setAsking(false)}
      />
    </div>
  );
};

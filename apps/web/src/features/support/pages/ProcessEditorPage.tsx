import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { ProcessSave, Standard } from '@cpm/contracts';
import { supportRoutes } from '@cpm/contracts/routes';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Form,
  Input,
  InputNumber,
  Radio,
  Result,
  Row,
  Skeleton,
  Space,
  Switch,
  Typography,
} from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { call } from '../../../api/http';
import { queryKeys } from '../../../shared/crud';
import { GridItem } from '../../../shared/crud/GridItem';
import { OtherErrors } from '../../../shared/crud/OtherErrors';
import { applyServerErrors } from '../../../shared/crud/zodForm';
import { DetailFailed } from '../../../shared/detail/DetailFailed';
import { detailFailure } from '../../../shared/detail/detailFailure';
import { NotFound } from '../../../shared/detail/NotFound';

type ItemValues = {
  key?: string;
  content?: string;
  kind?: 'passFail' | 'value';
  min?: number | null;
  max?: number | null;
  unit?: string | null;
  photoRequired?: boolean;
};
type Values = { name?: string; description?: string; standards?: { name?: string; items?: ItemValues[] }[] };

/** A key for a new content item; kept by every later version so results name their item. */
const newKey = () => `k${crypto.randomUUID().replaceAll('-', '').slice(0, 12)}`;

const emptyItem = (): ItemValues => ({ key: newKey(), kind: 'passFail', photoRequired: false });

/** The form's values as the contract's body. */
const toBody = (id: string | undefined, v: Values): ProcessSave => ({
  ...(id ? { id } : {}),
  name: v.name ?? '',
  description: v.description ?? '',
  standards: (v.standards ?? []).map(
    (s): Standard => ({
      name: s.name ?? '',
      items: (s.items ?? []).map((i) => ({
        key: i.key ?? newKey(),
        content: i.content ?? '',
        kind: i.kind ?? 'passFail',
        ...(i.kind === 'value' ? { min: i.min ?? null, max: i.max ?? null, unit: i.unit || null } : {}),
        photoRequired: Boolean(i.photoRequired),
      })),
    }),
  ),
});

/** One content item's fields: what to check, how, and whether a photo is required. */
const ItemFields = ({ standard, item, remove }: { standard: number; item: number; remove: () => void }) => {
  const { t } = useTranslation('support');
  const required = [{ required: true, whitespace: true, message: t('editor.required') }];
  return (
    <Card
      size="small"
      type="inner"
      data-testid={`editor-item-${standard}-${item}`}
      title={t('editor.item', { n: item + 1 })}
      extra={
        <Button
          size="small"
          type="text"
          danger
          icon={<DeleteOutlined />}
          onClick={remove}
          aria-label={t('editor.removeItem')}
        />
      }
    >
      <Form.Item name={[item, 'key']} hidden>
        <Input />
      </Form.Item>
      <Form.Item name={[item, 'content']} label={t('records.content')} rules={required}>
        <Input maxLength={100} data-testid={`editor-item-${standard}-${item}-content`} />
      </Form.Item>
      <Row gutter={12}>
        <GridItem col={{ xs: 24, sm: 14 }} name={[item, 'kind']} label={t('editor.kind')}>
          <Radio.Group
            optionType="button"
            options={[
              { value: 'passFail', label: t('editor.passFail') },
              { value: 'value', label: t('editor.value') },
            ]}
            data-testid={`editor-item-${standard}-${item}-kind`}
          />
        </GridItem>
        <GridItem
          col={{ xs: 24, sm: 10 }}
          name={[item, 'photoRequired']}
          label={t('records.photoRequired')}
          valuePropName="checked"
        >
          <Switch data-testid={`editor-item-${standard}-${item}-photo`} />
        </GridItem>
      </Row>
      <Form.Item noStyle shouldUpdate>
        {(form) =>
          form.getFieldValue(['standards', standard, 'items', item, 'kind']) === 'value' ? (
            <Row gutter={12}>
              <GridItem col={{ xs: 8 }} name={[item, 'min']} label={t('editor.min')}>
                <InputNumber style={{ width: '100%' }} data-testid={`editor-item-${standard}-${item}-min`} />
              </GridItem>
              <GridItem col={{ xs: 8 }} name={[item, 'max']} label={t('editor.max')}>
                <InputNumber style={{ width: '100%' }} data-testid={`editor-item-${standard}-${item}-max`} />
              </GridItem>
              <GridItem col={{ xs: 8 }} name={[item, 'unit']} label={t('editor.unit')}>
                <Input maxLength={16} />
              </GridItem>
            </Row>
          ) : null
        }
      </Form.Item>
    </Card>
  );
};

/**
 * Creating and editing an inspection process (`addService`, `?id=` to edit): its standards and
 * their content items. Editing an active or inactive process saves a new version; records already
 * filed keep the version they were checked against.
 */
export const ProcessEditorPage = () => {
  const { t, i18n } = useTranslation('support');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('id') ?? undefined;
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const busy = useRef(false);
  const [other, setOther] = useState<string[]>([]);
  const existing = useQuery({
    queryKey: [...queryKeys.supportOrders.all, 'process', id, 'edit'],
    enabled: Boolean(id),
    queryFn: () =>
      call(supportRoutes.processDetail, { query: { id: id as string }, loading: false, silent: true }),
  });
  const p = existing.data;
  useEffect(() => {
    if (p) form.setFieldsValue({ name: p.name, description: p.description, standards: p.standards });
  }, [p, form]);

  if (id && existing.isError && !p && detailFailure(existing.error) === 'failed')
    return (
      <DetailFailed
        title={t('processes.loadFailed')}
        error={existing.error}
        onRetry={() => void existing.refetch()}
        retrying={existing.isFetching}
        back={{ to: '/technicalSupport/service', label: t('processes.backToList') }}
      />
    );
  if (id && existing.isError)
    return (
      <NotFound
        title={t('processes.notFound')}
        back={{ to: '/technicalSupport/service', label: t('processes.backToList') }}
      />
    );
  if (id && !p) return <Skeleton active />;
  if (p?.status === 'deleted')
    return <Result status="warning" title={t('editor.deleted')} data-testid="editor-deleted" />;

  const save = async () => {
    if (busy.current) return;
    busy.current = true;
    setSaving(true);
    setOther([]);
    try {
      await form.validateFields();
      const saved = await call(supportRoutes.processSave, {
        body: toBody(id, form.getFieldsValue(true) as Values),
        notifySuccess: true,
      });
      navigate(`/technicalSupport/serviceInfo?id=${saved.id}`);
    } catch (error) {
      setOther(
        applyServerErrors(
          form,
          error,
          ['name', 'description', 'standards'],
          i18n.language === 'zh' ? 'zh' : 'en',
        ),
      );
    } finally {
      busy.current = false;
      setSaving(false);
    }
  };

  const required = [{ required: true, whitespace: true, message: t('editor.required') }];
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="process-editor">
      <Card
        variant="borderless"
        title={id ? t('editor.editTitle', { name: p?.name }) : t('editor.newTitle')}
        extra={
          <Space>
            <Button
              onClick={() =>
                navigate(id ? `/technicalSupport/serviceInfo?id=${id}` : '/technicalSupport/service')
              }
            >
              {t('editor.cancel')}
            </Button>
            <Button type="primary" loading={saving} onClick={() => void save()} data-testid="editor-save">
              {t('editor.save')}
            </Button>
          </Space>
        }
      >
        {p && p.status !== 'draft' && (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            message={t('editor.newVersion', { version: p.version + 1 })}
            data-testid="editor-version-note"
          />
        )}
        <OtherErrors errors={other} />
        <Form<Values>
          name="process"
          form={form}
          layout="vertical"
          initialValues={{ standards: [{ name: '', items: [emptyItem()] }] }}
          scrollToFirstError
        >
          <Row gutter={16}>
            <GridItem name="name" label={t('processes.name')} rules={required}>
              <Input maxLength={100} data-testid="editor-name" />
            </GridItem>
            <GridItem name="description" label={t('processes.description')}>
              <Input maxLength={500} data-testid="editor-description" />
            </GridItem>
          </Row>
          <Form.List name="standards">
            {(standards, { add, remove }) => (
              <Space direction="vertical" size="middle" style={{ width: '100%' }}>
                {standards.map((s, si) => (
                  <Card
                    key={s.key}
                    size="small"
                    data-testid={`editor-standard-${si}`}
                    title={<Typography.Text strong>{t('editor.standard', { n: si + 1 })}</Typography.Text>}
                    extra={
                      standards.length > 1 ? (
                        <Button
                          size="small"
                          danger
                          type="text"
                          icon={<DeleteOutlined />}
                          onClick={() => remove(s.name)}
                        >
                          {t('editor.removeStandard')}
                        </Button>
                      ) : null
                    }
                  >
                    <Form.Item name={[s.name, 'name']} label={t('records.standard')} rules={required}>
                      <Input maxLength={100} data-testid={`editor-standard-${si}-name`} />
                    </Form.Item>
                    <Form.List name={[s.name, 'items']}>
                      {(items, ops) => (
                        <Space direction="vertical" style={{ width: '100%' }}>
                          {items.map((it, ii) => (
                            <ItemFields
                              key={it.key}
                              standard={si}
                              item={ii}
                              remove={() => (items.length > 1 ? ops.remove(it.name) : undefined)}
                            />
                          ))}
                          <Button
                            type="dashed"
                            icon={<PlusOutlined />}
                            block
                            onClick={() => ops.add(emptyItem())}
                            data-testid={`editor-standard-${si}-add-item`}
                          >
                            {t('editor.addItem')}
                          </Button>
                        </Space>
                      )}
                    </Form.List>
                  </Card>
                ))}
                <Button
                  icon={<PlusOutlined />}
                  block
                  onClick={() => add({ name: '', items: [emptyItem()] })}
                  data-testid="editor-add-standard"
                >
                  {t('editor.addStandard')}
                </Button>
              </Space>
            )}
          </Form.List>
        </Form>
      </Card>
    </Space>
  );
};

import { DownOutlined, SearchOutlined, UpOutlined } from '@ant-design/icons';
import { Button, Form, Grid, Input, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { compactFilter, type ListFilter } from './listState';
import './crud.css';

export type FilterField = {
  name: string;
  label: string;
  /** Text by default; a select when options are given. */
  options?: { value: string; label: string }[];
  placeholder?: string;
  width?: number;
};

type Props<F extends ListFilter> = {
  fields: FilterField[];
  /** The filters in force (from the address); the fields follow them on back and forward. */
  value: F;
  onSearch: (filter: F) => void;
  onReset: () => void;
  /** Fields shown before the bar folds on a narrow screen. */
  foldAfter?: number;
};

/** The filters above a list: Enter or Search applies, Reset clears; on a narrow screen the rest fold away. */
export const FilterBar = <F extends ListFilter>({
  fields,
  value,
  onSearch,
  onReset,
  foldAfter = 1,
}: Props<F>) => {
  const { t } = useTranslation('crud');
  const [form] = Form.useForm();
  const screens = Grid.useBreakpoint();
  const narrow = screens.md === false;
  const [unfolded, setUnfolded] = useState(false);
  const folded = narrow && !unfolded && fields.length > foldAfter;
  const key = JSON.stringify(value);

  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the filter's content
  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(value);
  }, [key, form]);

  return (
    <Form
      form={form}
      layout={narrow ? 'vertical' : 'inline'}
      className={`cpm-filter-bar${narrow ? ' cpm-filter-bar-narrow' : ''}`}
      data-testid="filter-bar"
      onFinish={(values) => onSearch(compactFilter<F>(values))}
    >
      {fields.map((field, index) => (
        <Form.Item
          key={field.name}
          name={field.name}
          label={field.label}
          hidden={folded && index >= foldAfter}
        >
          {field.options ? (
            <Select
              allowClear
              showSearch
              optionFilterProp="label"
              placeholder={field.placeholder ?? t('filter.any')}
              options={field.options}
              style={narrow ? undefined : { width: field.width ?? 160 }}
              data-testid={`filter-${field.name}`}
            />
          ) : (
            <Input
              allowClear
              placeholder={field.placeholder}
              style={narrow ? undefined : { width: field.width ?? 180 }}
              data-testid={`filter-${field.name}`}
            />
          )}
        </Form.Item>
      ))}
      <Form.Item className="cpm-filter-bar-buttons">
        <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="filter-search">
          {t('filter.search')}
        </Button>
        <Button
          data-testid="filter-reset"
          onClick={() => {
            form.resetFields();
            form.setFieldsValue(Object.fromEntries(fields.map((f) => [f.name, undefined])));
            onReset();
          }}
        >
          {t('filter.reset')}
        </Button>
        {narrow && fields.length > foldAfter && (
          <Button
            type="link"
            icon={unfolded ? <UpOutlined /> : <DownOutlined />}
            onClick={() => setUnfolded((u) => !u)}
            data-testid="filter-fold"
          >
            {unfolded ? t('filter.less') : t('filter.more')}
          </Button>
        )}
      </Form.Item>
    </Form>
  );
};

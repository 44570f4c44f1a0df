import { DownOutlined, SearchOutlined, UpOutlined } from '@ant-design/icons';
import { Button, Grid, Input, Select } from 'antd';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyNamed } from '../MountOnceOpen';
import { compactFilter, type ListFilter } from './listState';
import './crud.css';

export type FilterField = {
  name: string;
  label: string;
  /** Text by default; a select when options are given. */
  options?: { value: string; label: string }[];
  placeholder?: string;
  width?: number;
  /** A day range kept in two filters: `name` holds its start, `to` its end. */
  to?: string;
};

/** A select filter offering `values`, each shown as `labelOf(value)`. */
export const selectFilter = <V extends string>(
  name: string,
  label: string,
  values: readonly V[],
  labelOf: (value: V) => string,
  width?: number,
): FilterField => ({
  name,
  label,
  width,
  options: values.map((value) => ({ value, label: labelOf(value) })),
});

const DateRangeFilter = lazyNamed(() => import('./DateRangeFilter').then((m) => m.DateRangeFilter));

type Props<F extends ListFilter> = {
  fields: FilterField[];
  /** The filters in force (from the address); the fields follow them on back and forward. */
  value: F;
  onSearch: (filter: F) => void;
  onReset: () => void;
  /** Fields shown before the bar folds on a narrow screen. */
  foldAfter?: number;
};

/**
 * The filters above a list: Enter or Search applies, Reset clears; on a narrow screen the rest fold away.
 * A plain form with its own state: the filters need no validation, so a list does not load antd's
 * form engine for them.
 */
export const FilterBar = <F extends ListFilter>({
  fields,
  value,
  onSearch,
  onReset,
  foldAfter = 1,
}: Props<F>) => {
  const { t } = useTranslation('crud');
  const [values, setValues] = useState<ListFilter>(value);
  const screens = Grid.useBreakpoint();
  const narrow = screens.md === false;
  const [unfolded, setUnfolded] = useState(false);
  const folded = narrow && !unfolded && fields.length > foldAfter;
  const key = JSON.stringify(value);

  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the filter's content
  useEffect(() => {
    setValues(value);
  }, [key]);

  const set = (name: string, next: string | undefined) => setValues((old) => ({ ...old, [name]: next }));

  return (
    <form
      className={`cpm-filter-bar${narrow ? ' cpm-filter-bar-narrow' : ''}`}
      data-testid="filter-bar"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(compactFilter<F>(values));
      }}
    >
      {fields.map((field, index) => {
        const id = `filter-field-${field.name}`;
        const to = field.to;
        return (
          <div key={field.name} className="cpm-filter-bar-item" hidden={folded && index >= foldAfter}>
            <label htmlFor={id} className="cpm-filter-bar-label">
              {field.label}
            </label>
            {to !== undefined ? (
              <Suspense fallback={null}>
                <DateRangeFilter
                  id={id}
                  from={values[field.name]}
                  to={values[to]}
                  onChange={(start, end) => setValues((old) => ({ ...old, [field.name]: start, [to]: end }))}
                  width={narrow ? undefined : field.width}
                  testId={`filter-${field.name}`}
                  toTestId={`filter-${to}`}
                />
              </Suspense>
            ) : field.options ? (
              <Select
                id={id}
                allowClear
                showSearch
                optionFilterProp="label"
                placeholder={field.placeholder ?? t('filter.any')}
                options={field.options}
                value={values[field.name] ?? undefined}
                onChange={(next?: string) => set(field.name, next)}
                style={narrow ? undefined : { width: field.width ?? 160 }}
                data-testid={`filter-${field.name}`}
              />
            ) : (
              <Input
                id={id}
                allowClear
                placeholder={field.placeholder}
                value={values[field.name] ?? ''}
                onChange={(event) => set(field.name, event.target.value)}
                style={narrow ? undefined : { width: field.width ?? 180 }}
                data-testid={`filter-${field.name}`}
              />
            )}
          </div>
        );
      })}
      <div className="cpm-filter-bar-buttons">
        <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="filter-search">
          {t('filter.search')}
        </Button>
        <Button
          data-testid="filter-reset"
          onClick={() => {
            setValues({});
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
      </div>
    </form>
  );
};

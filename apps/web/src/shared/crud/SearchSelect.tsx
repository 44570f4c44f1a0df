import { useQuery } from '@tanstack/react-query';
import { Select, Space, Typography } from 'antd';
import { type ReactNode, useState } from 'react';

/** One choice of a picker: the id it stands for, the name shown, and a line of detail under it. */
export type PickerOption = { value: string; label: string; detail?: string; disabled?: boolean };

export type SearchSelectProps = {
  /** Cache key of the list; the search text is added to it. */
  queryKey: readonly unknown[];
  /** Loads the choices matching the search text (undefined: the first page), from a list endpoint. */
  load: (search: string | undefined) => Promise<PickerOption[]>;
  value?: string;
  onChange?: (id: string | undefined) => void;
  placeholder?: ReactNode;
  notFound?: ReactNode;
  /** The chosen record's name when it is not among the loaded choices (a copied or edited record). */
  known?: { id: string; name: string } | null;
  allowClear?: boolean;
  disabled?: boolean;
  testId?: string;
  /** The input's id, which the form item's label points to (set by the form item). */
  id?: string;
};

/**
 * The kit's picker for a reference to another record: searched on the server by name as the user
 * types, showing names (and a detail line), never asking anyone to type an id.
 */
export const SearchSelect = ({
  queryKey,
  load,
  value,
  onChange,
  placeholder,
  notFound,
  known,
  allowClear,
  disabled,
  testId,
  id,
}: SearchSelectProps) => {
  const [search, setSearch] = useState<string>();
  const options = useQuery({
    queryKey: [...queryKey, search ?? ''],
    queryFn: () => load(search),
    placeholderData: (previous) => previous,
    enabled: !disabled,
  });
  const loaded = options.data ?? [];
  const all =
    known && !loaded.some((o) => o.value === known.id)
      ? [{ value: known.id, label: known.name }, ...loaded]
      : loaded;
  return (
    <Select
      id={id}
      showSearch={{ filterOption: false, onSearch: (v) => setSearch(v.trim() || undefined) }}
      value={value}
      onChange={(v: string | undefined) => onChange?.(v)}
      onClear={() => setSearch(undefined)}
      allowClear={allowClear}
      disabled={disabled}
      loading={options.isFetching}
      placeholder={placeholder}
      notFoundContent={options.isFetching ? null : notFound}
      data-testid={testId}
      options={all.map((o) => ({ ...o, title: o.label }))}
      optionRender={(o) => (
        <Space orientation="vertical" size={0}>
          <span>{o.label}</span>
          {(o.data as PickerOption).detail && (
            // Secondary grey fails contrast on the highlighted option in the dark theme.
            <Typography.Text style={{ fontSize: 12 }}>{(o.data as PickerOption).detail}</Typography.Text>
          )}
        </Space>
      )}
    />
  );
};

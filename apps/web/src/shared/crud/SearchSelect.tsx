import { useQuery } from '@tanstack/react-query';
import { Select, Space, Typography } from 'antd';
import { type CSSProperties, type ReactNode, useRef, useState } from 'react';

/** One choice of a picker: the id it stands for, the name shown, and a line of detail under it. */
export type PickerOption = { value: string; label: string; detail?: string; disabled?: boolean };

type OneOrMany =
  | { multiple?: false; value?: string; onChange?: (id: string | undefined) => void }
  | {
      /** Several records at once (tags). */
      multiple: true;
      value?: string[];
      onChange?: (ids: string[]) => void;
    };

export type SearchSelectProps = OneOrMany & {
  /** Cache key of the list; the search text is added to it. */
  queryKey: readonly unknown[];
  /** Loads the choices matching the search text (undefined: the first page), from a list endpoint. */
  load: (search: string | undefined) => Promise<PickerOption[]>;
  placeholder?: ReactNode;
  notFound?: ReactNode;
  /** The chosen record's name when it is not among the loaded choices (a copied or edited record). */
  known?: { id: string; name: string } | null;
  /** The chosen records' names when they are not among the loaded choices (several at once). */
  knownMany?: readonly { id: string; name: string }[];
  /**
   * What was typed is a choice of its own, last in the list, and is taken when the field is left
   * with it (one record only): for a key the operator may know by heart, such as a serial number.
   */
  offerTyped?: boolean;
  /** The input's accessible name when no form item labels it. */
  ariaLabel?: string;
  style?: CSSProperties;
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
export const SearchSelect = (props: SearchSelectProps) => {
  const { queryKey, load, placeholder, notFound, known, knownMany, allowClear, disabled, testId, id } = props;
  const [search, setSearch] = useState<string>();
  // The text in the box now, for leaving the field (the state lags a key press behind).
  const typing = useRef('');
  const options = useQuery({
    queryKey: [...queryKey, search ?? ''],
    queryFn: () => load(search),
    placeholderData: (previous) => previous,
    enabled: !disabled,
  });
  const loaded = options.data ?? [];
  const extra = [
    ...new Map([...(known ? [known] : []), ...(knownMany ?? [])].map((k) => [k.id, k])).values(),
  ].filter((k) => !loaded.some((o) => o.value === k.id));
  const listed = [...extra.map((k) => ({ value: k.id, label: k.name })), ...loaded];
  const same = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'accent' }) === 0;
  const typed = props.offerTyped && search && !listed.some((o) => same(o.value, search)) ? [search] : [];
  const all = [...listed, ...typed.map((text) => ({ value: text, label: text }))];
  const choose = (v: string | string[] | undefined) => {
    typing.current = '';
    if (props.multiple) props.onChange?.((v as string[] | undefined) ?? []);
    else props.onChange?.(v as string | undefined);
  };
  return (
    <Select
      id={id}
      aria-label={props.ariaLabel}
      style={props.style}
      mode={props.multiple ? 'multiple' : undefined}
      showSearch={{
        filterOption: false,
        onSearch: (v) => {
          typing.current = v.trim();
          setSearch(v.trim() || undefined);
        },
      }}
      value={props.value}
      onChange={choose}
      onBlur={() => {
        const text = typing.current;
        if (!props.offerTyped || props.multiple || !text || text === props.value) return;
        choose(listed.find((o) => same(o.value, text))?.value ?? text);
      }}
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

import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';

type Mapping = { group: string; roleId: string };

/** Rows of "provider group -> console role" for the single sign-on form. */
export const RoleMappingsInput = ({
  value = [],
  onChange,
  roles,
  id,
}: {
  value?: Mapping[];
  onChange?: (value: Mapping[]) => void;
  /** The form field's id: on the first group's input (or the add button when there is none), for the label. */
  id?: string;
  roles: { value: string; label: string }[];
}) => {
  const { t } = useTranslation('sso');
  const set = (i: number, patch: Partial<Mapping>) =>
    onChange?.(value.map((m, j) => (j === i ? { ...m, ...patch } : m)));
  return (
    <div style={{ display: 'grid', gap: 8 }} data-testid="sso-mappings">
      {value.map((m, i) => (
        // Rows have no id of their own; their place is what the form edits.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <Space.Compact key={i} style={{ width: '100%' }}>
          <Input
            id={i === 0 ? id : undefined}
            aria-label={t('group')}
            placeholder={t('group')}
            value={m.group}
            onChange={(e) => set(i, { group: e.target.value })}
            style={{ width: '45%' }}
            data-testid={`sso-mapping-group-${i}`}
          />
          <Select
            aria-label={t('role')}
            placeholder={t('role')}
            value={m.roleId || undefined}
            options={roles}
            onChange={(roleId: string) => set(i, { roleId })}
            style={{ width: '45%' }}
            data-testid={`sso-mapping-role-${i}`}
          />
          <Button
            aria-label={t('removeMapping')}
            icon={<DeleteOutlined />}
            onClick={() => onChange?.(value.filter((_, j) => j !== i))}
          />
        </Space.Compact>
      ))}
      <Button
        id={value.length ? undefined : id}
        type="dashed"
        icon={<PlusOutlined />}
        onClick={() => onChange?.([...value, { group: '', roleId: '' }])}
        data-testid="sso-mapping-add"
      >
        {t('addMapping')}
      </Button>
    </div>
  );
};

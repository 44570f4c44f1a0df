import { supportRoutes } from '@cpm/contracts/routes';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/http';
import { queryKeys } from '../../../shared/crud';

type Props = {
  value?: string | null;
  /** Undefined when cleared. */
  onChange?: (value: string | undefined) => void;
  /** The id a form field is given, so its label focuses the select. */
  id?: string;
  testId?: string;
};

/** The service staff an order can be given to: accounts in the caller's scope who may handle orders. */
export const AssigneeSelect = ({ value, onChange, id, testId }: Props) => {
  const { t } = useTranslation('support');
  const choices = useQuery({
    queryKey: [...queryKeys.supportOrders.all, 'assignees'],
    queryFn: () => call(supportRoutes.assignees, { loading: false }),
    staleTime: 60_000,
  });
  return (
    <Select
      id={id}
      allowClear
      showSearch
      optionFilterProp="label"
      placeholder={t('orders.unassigned')}
      loading={choices.isLoading}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? undefined)}
      options={(choices.data ?? []).map((a) => ({
        value: a.id,
        label: a.name === a.username ? a.username : `${a.name} (${a.username})`,
      }))}
      style={{ width: '100%' }}
      data-testid={testId}
    />
  );
};

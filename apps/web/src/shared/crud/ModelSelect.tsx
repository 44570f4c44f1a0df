import { devicesRoutes } from '@cpm/contracts/routes';
import { useQuery } from '@tanstack/react-query';
import { Select, type SelectProps } from 'antd';
import { call } from '../../api/http';
import { queryKeys } from './queryKeys';

/** How a form stores a model: by id (terminals, targets) or by name (files and versions list names). */
export type ModelKey = 'id' | 'name';

/** The terminal models as options, searched by name; one cached list for every picker and filter. */
export const useModelOptions = (by: ModelKey = 'id', enabled = true) => {
  const models = useQuery({
    queryKey: queryKeys.models.all,
    queryFn: () => call(devicesRoutes.modelList, { loading: false }),
    enabled,
  });
  return {
    options: (models.data ?? []).map((m) => ({ value: by === 'id' ? m.id : m.name, label: m.name })),
    loading: models.isFetching,
  };
};

/** The kit's model picker: one model or several, chosen by name, never typed. */
export const ModelSelect = ({
  by = 'id',
  testId,
  ...props
}: Omit<SelectProps<string | string[]>, 'options' | 'showSearch' | 'optionFilterProp'> & {
  by?: ModelKey;
  testId?: string;
}) => {
  const { options, loading } = useModelOptions(by);
  return (
    <Select
      showSearch={{ optionFilterProp: 'label' }}
      options={options}
      loading={loading}
      data-testid={testId}
      {...props}
    />
  );
};

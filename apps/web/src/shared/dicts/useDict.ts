import type { DictBundle } from '@cpm/contracts';
import { dictsRoutes } from '@cpm/contracts/routes';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/http';

/** Every usable dictionary, fetched once per session and shared by all selects and tags. */
export const useDictBundle = () =>
  useQuery({
    queryKey: ['dict-bundle'],
    queryFn: () => call(dictsRoutes.bundle, { loading: false, silent: true }),
    staleTime: 5 * 60 * 1000,
  });

/** Label of one item in the current language (the value itself when unknown). */
export const dictLabel = (bundle: DictBundle | undefined, code: string, value: string, language: string) => {
  const item = bundle?.[code]?.find((i) => i.value === value);
  if (!item) return value;
  return language === 'zh' ? item.label : item.englishName;
};

/** One dictionary as select options and a label lookup, in the current language. */
export const useDict = (code: string) => {
  const { i18n } = useTranslation();
  const { data } = useDictBundle();
  const options = useMemo(
    () =>
      (data?.[code] ?? []).map((i) => ({
        value: i.value,
        label: i18n.language === 'zh' ? i.label : i.englishName,
      })),
    [data, code, i18n.language],
  );
  const label = useCallback(
    (value: string) => dictLabel(data, code, value, i18n.language),
    [data, code, i18n.language],
  );
  return { options, label };
};

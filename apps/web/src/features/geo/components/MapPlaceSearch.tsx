import { geoRoutes } from '@cpm/contracts/routes';
import { useQuery } from '@tanstack/react-query';
import { AutoComplete, Input } from 'antd';
import { type CSSProperties, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/http';

/**
 * Search for a terminal by SN or a place by city name on the server; choosing one moves the map
 * there (terminals close up, cities wider).
 */
export const MapPlaceSearch = ({
  onGo,
  style,
  testId = 'map-server-search',
}: {
  onGo: (lat: number, lng: number, zoom: number) => void;
  style?: CSSProperties;
  testId?: string;
}) => {
  const { t } = useTranslation('geo');
  const [q, setQ] = useState('');
  const search = useQuery({
    queryKey: ['fleet', 'map', 'search', q],
    enabled: q.trim().length > 0,
    queryFn: () => call(geoRoutes.mapSearch, { query: { q: q.trim() }, loading: false }),
  });
  const options = [
    ...(search.data?.terminals ?? []).map((m) => ({
      value: `t:${m.sn}`,
      label: `${m.sn} · ${m.name}`,
      go: () => onGo(m.lat, m.lng, 15),
    })),
    ...(search.data?.places ?? []).map((p) => ({
      value: `p:${p.name}:${p.lat}:${p.lng}`,
      label: `${p.name}, ${p.country}`,
      go: () => onGo(p.lat, p.lng, 11),
    })),
  ];
  return (
    <AutoComplete
      style={style}
      options={options.map(({ value, label }) => ({ value, label }))}
      value={q}
      onChange={setQ}
      onSelect={(value: string) => {
        options.find((o) => o.value === value)?.go();
        setQ('');
      }}
    >
      <Input.Search
        placeholder={t('searchPlaceholder')}
        aria-label={t('search')}
        data-testid={testId}
        allowClear
      />
    </AutoComplete>
  );
};

import type { MapTerminal } from '@cpm/contracts';
import { geoRoutes } from '@cpm/contracts/routes';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, AutoComplete, Input } from 'antd';
import { type CSSProperties, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/http';

type Found = {
  terminals: MapTerminal[];
  places: { name: string; country: string; lat: number; lng: number }[];
};

const searchKey = (q: string) => ['fleet', 'map', 'search', q] as const;
const ask = (q: string) => call(geoRoutes.mapSearch, { query: { q }, loading: false });

/**
 * Search for a terminal by SN or a place by city name on the server. The first suggestion is
 * active, so Enter takes it (typed before the suggestions arrived, Enter takes the first answer);
 * a terminal goes to `onTerminal` (the map rings it and opens its popup), a place moves the map there.
 */
export const MapPlaceSearch = ({
  onGo,
  onTerminal,
  style,
  testId = 'map-server-search',
}: {
  onGo: (lat: number, lng: number, zoom: number) => void;
  onTerminal?: (m: MapTerminal) => void;
  style?: CSSProperties;
  testId?: string;
}) => {
  const { t } = useTranslation('geo');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [q, setQ] = useState('');
  const search = useQuery({
    queryKey: searchKey(q.trim()),
    enabled: q.trim().length > 0,
    queryFn: () => ask(q.trim()),
  });
  const optionsOf = (found: Found | undefined) => [
    ...(found?.terminals ?? []).map((m) => ({
      value: `t:${m.sn}`,
      label: `${m.sn} · ${m.name}`,
      go: () => (onTerminal ? onTerminal(m) : onGo(m.lat, m.lng, 15)),
    })),
    ...(found?.places ?? []).map((p) => ({
      value: `p:${p.name}:${p.lat}:${p.lng}`,
      label: `${p.name}, ${p.country}`,
      go: () => onGo(p.lat, p.lng, 11),
    })),
  ];
  const options = optionsOf(search.data);
  // Enter both picks the active suggestion and submits the box: the first of the two wins.
  const tookRef = useRef(false);
  const take = (go: () => void) => {
    if (tookRef.current) return;
    tookRef.current = true;
    queueMicrotask(() => {
      tookRef.current = false;
    });
    go();
    setQ('');
  };
  return (
    <AutoComplete
      style={style}
      options={options.map(({ value, label }) => ({ value, label }))}
      value={q}
      onChange={setQ}
      defaultActiveFirstOption
      onSelect={(value: string) => {
        const option = options.find((o) => o.value === value);
        if (option) take(option.go);
      }}
    >
      <Input.Search
        placeholder={t('searchPlaceholder')}
        aria-label={t('search')}
        data-testid={testId}
        allowClear
        onSearch={(text, _event, info) => {
          const typed = text.trim();
          if (info?.source === 'clear' || !typed || tookRef.current) return;
          void queryClient.fetchQuery({ queryKey: searchKey(typed), queryFn: () => ask(typed) }).then(
            (found) => {
              const first = optionsOf(found)[0];
              if (first) take(first.go);
              else message.info(t('searchNothing'));
            },
            () => undefined,
          );
        }}
      />
    </AutoComplete>
  );
};

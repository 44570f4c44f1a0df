import { Card, Col, Row, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Chart } from '../../../shared/chart/Chart';
import type { ChartOption } from '../../../shared/chart/chartOption';
import type { DrawnShape } from '../../../shared/map/drawTools';
import { MapView } from '../../../shared/map/MapView';
import { generateSamplePoints, parsePointCount, seededRandom } from '../samplePoints';

const HOURS = Array.from({ length: 24 }, (_, h) => `${String(h).padStart(2, '0')}:00`);

/**
 * Hidden page that shows the shared chart and map with made-up data, for looking at them in every
 * theme and language and for the browser tests (`?points=N` puts N generated terminals on the map).
 */
export const KitGalleryPage = () => {
  const { t } = useTranslation(['chart', 'map']);
  const [params] = useSearchParams();
  const count = parsePointCount(params.get('points'));
  const points = useMemo(() => generateSamplePoints(count), [count]);
  const [shapes, setShapes] = useState<DrawnShape[]>([]);

  const { line, bar, pie } = useMemo(() => {
    const random = seededRandom(7);
    const online = HOURS.map((_, h) => Math.round(600 + 300 * Math.sin((h - 6) / 3.8) + random() * 60));
    const models = ['A920', 'A80', 'P8', 'X990', 'N86'];
    const line: ChartOption = {
      grid: { left: 48, right: 16, top: 24, bottom: 28 },
      tooltip: { trigger: 'axis' },
      xAxis: { type: 'category', data: HOURS, boundaryGap: false },
      yAxis: { type: 'value' },
      series: [
        {
          type: 'line',
          name: t('chart:gallery.online'),
          data: online,
          smooth: true,
          areaStyle: { opacity: 0.12 },
          showSymbol: false,
        },
      ],
    };
    const bar: ChartOption = {
      grid: { left: 56, right: 16, top: 16, bottom: 28 },
      tooltip: { trigger: 'axis' },
      xAxis: { type: 'value' },
      yAxis: { type: 'category', data: models },
      series: [{ type: 'bar', data: models.map(() => Math.round(200 + random() * 800)), barMaxWidth: 18 }],
    };
    const pie: ChartOption = {
      tooltip: { trigger: 'item' },
      legend: { bottom: 0 },
      series: [
        {
          type: 'pie',
          radius: ['45%', '70%'],
          center: ['50%', '44%'],
          label: { show: false },
          data: [
            { name: t('chart:gallery.online'), value: 812 },
            { name: t('chart:gallery.offline'), value: 133 },
            { name: t('chart:gallery.disabled'), value: 41 },
          ],
        },
      ],
    };
    return { line, bar, pie };
  }, [t]);

  return (
    <div className="cpm-page" data-testid="kit-gallery-page">
      <Typography.Title level={4}>{t('chart:gallery.title')}</Typography.Title>
      <Row gutter={[16, 16]}>
        {(
          [
            ['line', line, 12],
            ['bar', bar, 6],
            ['pie', pie, 6],
          ] as const
        ).map(([kind, option, lg]) => (
          <Col key={kind} xs={24} lg={lg}>
            <Card variant="borderless" title={t(`chart:gallery.${kind}`)}>
              <Chart
                option={option}
                ariaLabel={t(`chart:gallery.${kind}`)}
                data-testid={`gallery-chart-${kind}`}
              />
            </Card>
          </Col>
        ))}
        <Col xs={24} lg={12}>
          <Card variant="borderless" title={t('chart:gallery.empty')}>
            <Chart
              option={{
                xAxis: { type: 'category' },
                yAxis: { type: 'value' },
                series: [{ type: 'line', data: [] }],
              }}
              height={160}
              ariaLabel={t('chart:gallery.empty')}
              data-testid="gallery-chart-empty"
            />
          </Card>
        </Col>
      </Row>
      <Card
        variant="borderless"
        style={{ marginTop: 16 }}
        title={t('map:gallery.title')}
        extra={
          <Typography.Text type="secondary" data-testid="gallery-map-summary">
            {t('map:gallery.summary', { count: points.length, shapes: shapes.length })}
          </Typography.Text>
        }
      >
        <MapView points={points} drawing onShapesChange={setShapes} height={520} data-testid="gallery-map" />
        {shapes.length > 0 && (
          <Typography.Paragraph
            type="secondary"
            style={{ marginTop: 12, marginBottom: 0 }}
            data-testid="gallery-map-shapes"
          >
            {shapes
              .map((s) =>
                s.kind === 'circle'
                  ? t('map:gallery.circle', {
                      lat: s.center?.[1].toFixed(4),
                      lng: s.center?.[0].toFixed(4),
                      km: s.radiusKm?.toFixed(1),
                    })
                  : t('map:gallery.polygon', { corners: (s.geometry.coordinates[0]?.length ?? 1) - 1 }),
              )
              .join('; ')}
          </Typography.Paragraph>
        )}
      </Card>
    </div>
  );
};

import { Image, Space } from 'antd';
import { SafeImage } from '../../../shared/image/SafeImage';

type Item = { id: string; url: string; name?: string; mediaType?: string };

/** Photos (with a preview on click) and videos of an order or an inspection item, as thumbnails that wrap. */
export const MediaGallery = ({ items, testId }: { items: Item[]; testId?: string }) => {
  if (!items.length) return null;
  const videos = items.filter((m) => m.mediaType?.startsWith('video/'));
  const photos = items.filter((m) => !m.mediaType?.startsWith('video/'));
  return (
    <Space wrap size={8} data-testid={testId}>
      <Image.PreviewGroup>
        {photos.map((m) => (
          <SafeImage
            key={m.id}
            src={m.url}
            alt={m.name ?? ''}
            preview
            width={88}
            height={88}
            style={{ objectFit: 'cover', borderRadius: 6 }}
            testId="media-photo"
          />
        ))}
      </Image.PreviewGroup>
      {videos.map((m) => (
        // biome-ignore lint/a11y/useMediaCaption: terminals' and inspectors' clips carry no captions
        <video key={m.id} src={m.url} controls preload="metadata" style={{ width: 220, borderRadius: 6 }} />
      ))}
    </Space>
  );
};

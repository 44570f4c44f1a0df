import type { Fence } from '@cpm/contracts';
import { theme } from 'antd';
import { useEffect, useRef } from 'react';
import { alive, displayRing, type MapCtx, ringOf } from '../lib/fenceShape';

type FenceLayersInput = {
  ctx: MapCtx | null;
  fences: Fence[];
  /** The fence in the drawing tools, or null while a new one is drawn; undefined when not editing. */
  editing: { fence: Fence | null } | null;
  focusId: string | null;
};

/**
 * Draws the page's fences on the map as outlines (the one being edited is in the drawing tools
 * instead) and fits the view to what is shown.
 */
export const useFenceLayers = ({ ctx, fences, editing, focusId }: FenceLayersInput): void => {
  const { token } = theme.useToken();
  const editedId = editing?.fence?.id;

  useEffect(() => {
    if (!alive(ctx)) return;
    const { L, map } = ctx;
    const layer = L.featureGroup();
    for (const f of fences) {
      if (f.id === editedId) continue;
      const colour =
        f.violating > 0 ? token.colorError : f.enabled ? token.colorPrimary : token.colorTextTertiary;
      L.polygon(displayRing(ctx, ringOf(f)), {
        color: colour,
        weight: f.id === focusId ? 4 : 2,
        dashArray: f.enabled ? undefined : '6 6',
        fillOpacity: editing ? 0.04 : 0.12,
        interactive: !editing,
      })
        .bindTooltip(f.name, { sticky: true })
        .addTo(layer);
    }
    layer.addTo(map);
    return () => {
      layer.remove();
    };
  }, [ctx, fences, editedId, editing, focusId, token]);

  // The view: the fence being edited, else every fence of the page; moved only when what is shown
  // changes (another page, a fence added or removed, editing started), not on every refresh.
  const shown = editing ? (editing.fence ? [editing.fence] : []) : fences;
  const boundsKey = editing ? `edit:${editedId ?? 'new'}` : `list:${fences.map((f) => f.id).join(',')}`;
  const shownRef = useRef(shown);
  shownRef.current = shown;
  // biome-ignore lint/correctness/useExhaustiveDependencies: boundsKey names what is shown
  useEffect(() => {
    if (!alive(ctx)) return;
    const corners = shownRef.current.flatMap((f) => displayRing(ctx, ringOf(f)));
    if (corners.length) ctx.map.fitBounds(corners, { padding: [32, 32], maxZoom: 16, animate: false });
  }, [ctx, boundsKey]);
};

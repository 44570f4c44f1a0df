import { create } from 'zustand';
import { createOverlay } from './overlay';

/** Whether the blocking Loading... overlay shows. */
export const useOverlayStore = create<{ visible: boolean }>()(() => ({ visible: false }));

/** The console's one request overlay. */
export const requestOverlay = createOverlay((visible) => useOverlayStore.setState({ visible }));

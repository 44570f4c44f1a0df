import { userTopic } from '@cpm/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../shared/crud';
import { useLiveTopic, useLiveUserId } from '../../../shared/live/LiveEventsProvider';

/**
 * Reads the orders again whenever one the user may see changes (the `support` live event), and on
 * reconnecting, so a customer watches an order move without reloading.
 */
export const useSupportLive = () => {
  const userId = useLiveUserId();
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: queryKeys.supportOrders.all });
  useLiveTopic(userId ? userTopic(userId, 'support') : null, refresh, { onConnect: refresh });
};

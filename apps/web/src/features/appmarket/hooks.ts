import { useDict } from '../../shared/dicts/useDict';

/** The app type dictionary (`app_type`) as options and labels. */
export const useAppTypes = () => useDict('app_type');

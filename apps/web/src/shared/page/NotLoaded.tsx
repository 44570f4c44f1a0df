import { Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { LoadFailed } from './LoadFailed';

/** The part of a query this needs: whether its last read failed, and a way to read again. */
type ReadState = { isError: boolean; error?: unknown; refetch: () => unknown };

/**
 * Stands in for what a query has not delivered yet: the failure with a retry once a read failed,
 * otherwise what shows while it loads (a skeleton unless told).
 */
export const NotLoaded = ({
  query,
  loading,
  what,
}: {
  query: ReadState;
  loading?: ReactNode;
  /** What could not be loaded, named in the failure. */
  what?: string;
}) =>
  query.isError ? (
    <LoadFailed onRetry={() => void query.refetch()} error={query.error} what={what} />
  ) : (
    (loading ?? <Skeleton active />)
  );

import { CODE } from '@cpm/contracts';
import { ApiError } from '../../api/httpClient';

/**
 * Why a detail could not be shown: the record is not there (not in the caller's scope, or the address
 * names no valid id: the server refuses its text as input), or the server could not answer (an error
 * on its side, or no connection).
 */
export const detailFailure = (error: unknown): 'notFound' | 'failed' =>
  error instanceof ApiError && (error.code === CODE.notFound || error.code === CODE.invalid)
    ? 'notFound'
    : 'failed';

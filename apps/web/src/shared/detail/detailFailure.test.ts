import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/httpClient';
import { detailFailure } from './detailFailure';

describe('detailFailure', () => {
  it('tells an unknown SN from a server that could not answer', () => {
    expect(detailFailure(new ApiError(404, 'No such terminal', null))).toBe('notFound');
    // An address whose SN is not even a serial number names no terminal either.
    expect(detailFailure(new ApiError(400, 'The request is invalid', null))).toBe('notFound');
    expect(detailFailure(new ApiError(9999, 'Internal error', null))).toBe('failed');
    // Code 0: no answer at all (network failure).
    expect(detailFailure(new ApiError(0, 'Network connection failed', null))).toBe('failed');
    expect(detailFailure(new TypeError('Failed to fetch'))).toBe('failed');
  });
});

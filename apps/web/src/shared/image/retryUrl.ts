/** The query parameter a retry adds so the browser asks the server again instead of its cache. */
export const RETRY_PARAM = '_retry';

/**
 * The address of the `attempt`-th retry of an image: the first load is the address itself; later
 * ones carry `_retry=<attempt>`. Inline (`data:`) and local (`blob:`) addresses stay as they are:
 * they never reach a server, so only loading them afresh can help.
 */
export const retryUrl = (src: string, attempt: number): string => {
  if (attempt <= 0 || /^(data|blob):/i.test(src)) return src;
  const hashAt = src.indexOf('#');
  const base = hashAt < 0 ? src : src.slice(0, hashAt);
  const hash = hashAt < 0 ? '' : src.slice(hashAt);
  const cleaned = base.replace(new RegExp(`([?&])${RETRY_PARAM}=[^&]*(&|$)`), (_, lead, tail) =>
    tail ? lead : '',
  );
  const joiner = cleaned.includes('?') ? (/[?&]$/.test(cleaned) ? '' : '&') : '?';
  return `${cleaned}${joiner}${RETRY_PARAM}=${attempt}${hash}`;
};

import { blobRoutes } from '@cpm/contracts/routes';
import { call } from '../../api/http';
import { saveLink } from '../../api/httpClient';

/** Saves a stored file through a short-lived signed link, so the browser streams it to disk (no copy in memory). */
export const downloadStored = async (blobId: string, fileName: string): Promise<void> => {
  const signed = await call(blobRoutes.sign, { body: { id: blobId } });
  saveLink(signed.url, fileName);
};

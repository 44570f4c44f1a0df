import { ERRORS, type ErrorKey, TASK_PARAMS, type TaskType } from '@cpm/contracts';
import { ApiError } from '../../../api/httpClient';

/** Whether a refused call answered this catalogue error (matched by its texts, the envelope has no key). */
export const isCatalogueError = (error: unknown, key: ErrorKey) =>
  error instanceof ApiError &&
  error.envelope !== null &&
  error.envelope.code === ERRORS[key].code &&
  (error.envelope.messageEn === ERRORS[key].en || error.envelope.message === ERRORS[key].zh);

/** A refusal about the re-entered password, which the password dialog shows rather than the form. */
export const isPasswordRefusal = (error: unknown) =>
  isCatalogueError(error, 'taskPasswordWrong') || isCatalogueError(error, 'taskPasswordRequired');

/** Catalogue refusals that are about one field of the task form, by the field they belong to. */
const REFUSAL_FIELDS: Partial<Record<ErrorKey, (type: TaskType | undefined) => (string | number)[]>> = {
  taskPackageUnknown: () => ['params', 'packageName'],
  taskFileUnknown: (type) => [
    'params',
    (type &&
      ['wallpaperId', 'bootAnimationId', 'appId'].find((k) => {
        const schema = TASK_PARAMS[type];
        return 'shape' in schema && k in schema.shape;
      })) ??
      'fileId',
  ],
  taskCronInvalid: () => ['timing', 'expr'],
  taskStartTooLate: () => ['timing', 'range'],
  taskTypeUnavailable: () => ['type'],
  taskNoTargets: () => ['targets', 'sns'],
  taskWhitelistNotFound: () => ['targets', 'whitelistId'],
  appNotFound: () => ['params', 'appId'],
  appVersionNotFound: () => ['params', 'versionId'],
  appNoOfficialVersion: () => ['params', 'versionId'],
  appReleaseConflict: () => ['params', 'versionId'],
};

/** The form field a refusal of the create call belongs to, if it belongs to one. */
export const fieldOfRefusal = (error: unknown, type: TaskType | undefined): (string | number)[] | null => {
  for (const [key, field] of Object.entries(REFUSAL_FIELDS))
    if (isCatalogueError(error, key as ErrorKey)) return field(type);
  return null;
};

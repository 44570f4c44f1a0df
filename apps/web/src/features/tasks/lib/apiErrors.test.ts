import { ERRORS } from '@cpm/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../api/httpClient';
import { fieldOfRefusal, isPasswordRefusal } from './apiErrors';

const refusal = (key: keyof typeof ERRORS, result: unknown = null) =>
  new ApiError(ERRORS[key].code, ERRORS[key].en, {
    code: ERRORS[key].code,
    message: ERRORS[key].zh,
    messageEn: ERRORS[key].en,
    msg: ERRORS[key].zh,
    result,
  });

describe('isPasswordRefusal', () => {
  it('tells a wrong or missing password from other refusals of the same code', () => {
    expect(isPasswordRefusal(refusal('taskPasswordWrong'))).toBe(true);
    expect(isPasswordRefusal(refusal('taskPasswordRequired'))).toBe(true);
    expect(isPasswordRefusal(refusal('taskTargetsOutOfScope', { sns: ['X0001'] }))).toBe(false);
    expect(isPasswordRefusal(refusal('invalidInput'))).toBe(false);
    expect(isPasswordRefusal(new Error('network'))).toBe(false);
  });
});

describe('fieldOfRefusal', () => {
  it('puts refusals about one value on its field', () => {
    expect(fieldOfRefusal(refusal('taskPackageUnknown'), 'app_uninstall')).toEqual(['params', 'packageName']);
    expect(fieldOfRefusal(refusal('taskFileUnknown'), 'ota')).toEqual(['params', 'fileId']);
    expect(fieldOfRefusal(refusal('taskFileUnknown'), 'wallpaper')).toEqual(['params', 'wallpaperId']);
    expect(fieldOfRefusal(refusal('taskFileUnknown'), 'boot_animation')).toEqual([
      'params',
      'bootAnimationId',
    ]);
    expect(fieldOfRefusal(refusal('taskCronInvalid'), 'reboot')).toEqual(['timing', 'expr']);
    expect(fieldOfRefusal(refusal('taskNoTargets'), 'reboot')).toEqual(['targets', 'sns']);
    expect(fieldOfRefusal(refusal('appNoOfficialVersion'), 'app_install')).toEqual(['params', 'versionId']);
    expect(fieldOfRefusal(refusal('appNotFound'), 'app_install')).toEqual(['params', 'appId']);
    expect(fieldOfRefusal(refusal('taskPasswordWrong'), 'command')).toBeNull();
  });
});

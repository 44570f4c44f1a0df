import { type Envelope, ModelSaveSchema, PeripheralSaveSchema } from '@cpm/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/httpClient';
import {
  applyServerErrors,
  fieldErrorsOf,
  isRequired,
  mapServerErrors,
  toContractValues,
  toFormPath,
  zodRules,
} from './zodForm';

/** What the server answers when validation refuses a body (see the endpoint registry). */
const refused = (errors: { field: string; message: string; messageEn: string }[]) =>
  new ApiError(400, 'The request is invalid', {
    code: 400,
    message: '请求参数有误',
    messageEn: 'The request is invalid',
    msg: '请求参数有误',
    result: { errors },
  } as Envelope<unknown>);

const validate = async (rules: ReturnType<typeof zodRules>, value: unknown) => {
  const rule = rules[1] as { validator: (r: unknown, v: unknown) => Promise<void> };
  return rule.validator({}, value).then(
    () => null,
    (e: Error) => e.message,
  );
};

describe('form rules from the contract schema', () => {
  it('marks what the contract requires', () => {
    expect(isRequired(ModelSaveSchema, 'name')).toBe(true);
    expect(isRequired(ModelSaveSchema, 'description')).toBe(false);
    // A default makes the field optional in the form.
    expect(isRequired(ModelSaveSchema, 'state')).toBe(false);
    expect(zodRules(ModelSaveSchema, 'name', 'en')[0]).toMatchObject({ required: true });
  });

  it('checks values with the same texts the server answers, in the current language', async () => {
    const long = 'x'.repeat(200);
    expect(await validate(zodRules(ModelSaveSchema, 'name', 'en'), long)).toMatch(/at most \d+ characters/);
    expect(await validate(zodRules(ModelSaveSchema, 'name', 'zh'), long)).toMatch(/长度不能超过/);
    expect(await validate(zodRules(PeripheralSaveSchema, 'vid', 'en'), 'XYZ1')).toBe('Not a valid format');
    expect(await validate(zodRules(PeripheralSaveSchema, 'vid', 'en'), '1a2B')).toBeNull();
    // Blank optional values are the required rule's business, not the schema's.
    expect(await validate(zodRules(PeripheralSaveSchema, 'vid', 'en'), '')).toBeNull();
  });

  it('makes a field required when the form asks, though the contract does not', () => {
    expect(zodRules(PeripheralSaveSchema, 'vid', 'en', true)[0]).toMatchObject({ required: true });
    expect(zodRules(PeripheralSaveSchema, 'unknown', 'en')).toEqual([]);
  });

  it('sends only the contract fields, blank optional values left out', () => {
    const row = { name: 'Pad', vid: '', brand: '  ', kind: 'usb', createdAt: '2026-01-01' };
    expect(toContractValues(PeripheralSaveSchema, row)).toEqual({
      name: 'Pad',
      kind: 'usb',
    });
  });
});

describe('server field errors on the form', () => {
  const errors = [
    { field: 'body.name', message: '长度不能超过 64 个字符', messageEn: 'Must be at most 64 characters' },
    { field: 'body.name', message: '名称已存在', messageEn: 'Name taken' },
    { field: 'body.items.0.value', message: '此项为必填项', messageEn: 'This field is required' },
    { field: 'body.ownerId', message: 'UUID格式不正确', messageEn: 'Not a valid UUID' },
    { field: 'request', message: '请求体过大', messageEn: 'The body is too large' },
  ];

  it('reads the field list only from a code-400 answer', () => {
    expect(fieldErrorsOf(refused(errors))).toEqual(errors);
    expect(fieldErrorsOf(new ApiError(409, 'taken', null))).toEqual([]);
    expect(fieldErrorsOf(new Error('network'))).toEqual([]);
    expect(fieldErrorsOf(refused([{ field: 'x' } as never]))).toEqual([]);
  });

  it('turns dotted paths into form paths', () => {
    expect(toFormPath('body.items.0.value')).toEqual(['items', 0, 'value']);
    expect(toFormPath('query.name')).toEqual(['name']);
    expect(toFormPath('name')).toEqual(['name']);
  });

  it('puts each error on its field in the current language and returns the rest', () => {
    const mapped = mapServerErrors(errors, ['name', 'items'], 'en');
    expect(mapped.fields).toEqual([
      { name: ['name'], errors: ['Must be at most 64 characters', 'Name taken'] },
      { name: ['items', 0, 'value'], errors: ['This field is required'] },
    ]);
    expect(mapped.other).toEqual(['Not a valid UUID', 'The body is too large']);
    expect(mapServerErrors(errors, ['name'], 'zh').fields[0].errors).toEqual([
      '长度不能超过 64 个字符',
      '名称已存在',
    ]);
  });

  it('sets the fields on the form instance', () => {
    const set: unknown[] = [];
    const other = applyServerErrors({ setFields: (f) => set.push(...f) }, refused(errors), ['name'], 'en');
    expect(set).toEqual([{ name: ['name'], errors: ['Must be at most 64 characters', 'Name taken'] }]);
    expect(other).toHaveLength(3);
    expect(
      applyServerErrors({ setFields: () => set.push('called') }, new ApiError(0, 'x', null), ['name'], 'en'),
    ).toEqual([]);
    expect(set).not.toContain('called');
  });
});

import { File as NodeFile } from 'node:buffer';
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { sendFile } from './sendFile';
import type { UploadRules } from './uploadRules';
import { useUploadQueue } from './useUploadQueue';

const RULES: UploadRules = { maxSize: 1024 * 1024, accept: ['zip'], maxCount: 10, plainName: true };
// Node's File reads its bytes (jsdom's cannot slice and read).
const fileOf = (parts: (Uint8Array | string)[], name: string, type = '') =>
  new NodeFile(parts, name, { type }) as unknown as File;
/** The first bytes of a ZIP, enough for the content check. */
const zip = (name: string) =>
  fileOf([new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0, 1, 2, 3])], name, 'application/zip');

/** A queue whose sender records each request's fields and answers at once. */
const setup = (fields: Record<string, string>) => {
  const sent: Record<string, string>[] = [];
  const send = ((o: { fields?: Record<string, string> }) => {
    sent.push({ ...o.fields });
    return { promise: Promise.resolve({ ok: true }), abort: () => {} };
  }) as unknown as typeof sendFile;
  const hook = renderHook(
    (props: { fields: Record<string, string> }) =>
      useUploadQueue({
        rules: RULES,
        url: '/up',
        fields: props.fields,
        send,
        session: () => ({ token: null, language: 'en' }),
      }),
    { initialProps: { fields } },
  );
  return { hook, sent };
};

describe('holding files until the form is complete', () => {
  it('keeps a held file in the list and sends nothing', async () => {
    const { hook, sent } = setup({});
    await act(() => hook.result.current.add([zip('early.zip')], { hold: true }));
    expect(hook.result.current.items.map((i) => i.status)).toEqual(['held']);
    expect(sent).toEqual([]);
  });

  it('sends held files on release with the fields as they are then', async () => {
    const { hook, sent } = setup({});
    await act(() => hook.result.current.add([zip('a.zip'), zip('b.zip')], { hold: true }));
    hook.rerender({ fields: { version: '1.0.0' } });
    act(() => hook.result.current.release());
    await waitFor(() => expect(hook.result.current.items.map((i) => i.status)).toEqual(['done', 'done']));
    expect(sent).toEqual([{ version: '1.0.0' }, { version: '1.0.0' }]);
  });

  it('still refuses a held file the checks refuse', async () => {
    const { hook } = setup({});
    await act(() => hook.result.current.add([fileOf(['x'], 'notes.txt')], { hold: true }));
    expect(hook.result.current.items[0]).toMatchObject({ status: 'invalid', problem: { code: 'wrongType' } });
  });
});

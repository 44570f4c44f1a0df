import { type Envelope, ModelSaveSchema } from '@cpm/contracts';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Input } from 'antd';
import { useState } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../api/httpClient';
import { initI18n } from '../../i18n';
import { CrudField, CrudFormModal, type CrudFormProps } from './CrudForm';
import * as lazyForm from './LazyCrudForm';
import { lazySchema } from './lazySchema';

const refusedName = () =>
  new ApiError(400, 'The request is invalid', {
    code: 400,
    message: '请求参数有误',
    messageEn: 'The request is invalid',
    msg: '请求参数有误',
    result: {
      errors: [
        {
          field: 'body.name',
          message: '名称含有不允许的字符',
          messageEn: 'The name has characters that are not allowed',
        },
        { field: 'body.ownerId', message: '无权使用该账号', messageEn: 'You may not use this account' },
      ],
    },
  } as Envelope<unknown>);

/** antd validates asynchronously; a busy machine needs more than the default second. */
const WAIT = { timeout: 10_000 };

/** A list page whose dialog first edits a row, then (after Cancel) adds one. */
const EditThenAdd = ({ sent }: { sent: unknown[] }) => {
  const [editing, setEditing] = useState<{ id?: string; name?: string } | null>({
    id: 'model-1',
    name: 'Edited model',
  });
  return (
    <>
      <button type="button" data-testid="add" onClick={() => setEditing({})} />
      <CrudFormModal
        open={editing !== null}
        title="Model"
        schema={ModelSaveSchema}
        initialValues={editing ?? undefined}
        onClose={() => setEditing(null)}
        onSaved={() => setEditing(null)}
        onSubmit={async (values) => {
          sent.push(values);
        }}
      >
        <CrudField name="name" label="Name">
          <Input data-testid="name" />
        </CrudField>
      </CrudFormModal>
    </>
  );
};

describe('CrudFormModal', () => {
  beforeAll(() => {
    initI18n('en');
  });

  it('checks the contract before sending, then shows the server field errors on the fields', async () => {
    const sent: unknown[] = [];
    let saved = 0;
    render(
      <CrudFormModal
        open
        title="Model"
        schema={ModelSaveSchema}
        initialValues={{ state: 1 }}
        onClose={() => undefined}
        onSaved={() => saved++}
        onSubmit={async (values) => {
          sent.push(values);
          throw refusedName();
        }}
      >
        <CrudField name="name" label="Name">
          <Input data-testid="name" />
        </CrudField>
        <CrudField name="description" label="Description">
          <Input data-testid="description" />
        </CrudField>
      </CrudFormModal>,
    );
    fireEvent.click(screen.getByTestId('crud-form-save'));
    expect(await screen.findByText('This field is required', {}, WAIT)).toBeInTheDocument();
    expect(sent).toEqual([]);

    fireEvent.change(screen.getByTestId('name'), { target: { value: 'P2<script>' } });
    fireEvent.click(screen.getByTestId('crud-form-save'));
    expect(
      await screen.findByText('The name has characters that are not allowed', {}, WAIT),
    ).toBeInTheDocument();
    expect(screen.getByTestId('form-other-errors')).toHaveTextContent('You may not use this account');
    expect(sent).toEqual([{ name: 'P2<script>', state: 1 }]);
    expect(saved).toBe(0);
    // The message sits on the name field.
    const item = screen.getByTestId('name').closest('.ant-form-item');
    expect(item).toHaveClass('ant-form-item-has-error');
    await waitFor(() => expect(item).toHaveTextContent('The name has characters that are not allowed'), WAIT);
  });

  it('sends once when save is clicked again before the first click has shown that it is saving', async () => {
    const sent: unknown[] = [];
    let answer: () => void = () => undefined;
    render(
      <CrudFormModal
        open
        title="Model"
        schema={ModelSaveSchema}
        initialValues={{ name: 'P3', state: 1 }}
        onClose={() => undefined}
        onSubmit={(values) => {
          sent.push(values);
          // The second click of a double click lands now, before React drew the busy button.
          if (sent.length === 1) fireEvent.click(screen.getByTestId('twice-save'));
          return new Promise<void>((resolve) => {
            answer = resolve;
          });
        }}
        testId="twice"
      >
        <CrudField name="name" label="Name">
          <Input />
        </CrudField>
      </CrudFormModal>,
    );
    const save = screen.getByTestId('twice-save');
    fireEvent.click(save);
    await waitFor(() => expect(sent).toHaveLength(1), WAIT);
    await waitFor(() => expect(save).toHaveClass('ant-btn-loading'), WAIT);
    answer();
    await waitFor(() => expect(save).not.toHaveClass('ant-btn-loading'), WAIT);
    expect(sent).toHaveLength(1);
  });

  it('loads the form and its contract when it first opens, then checks it the same way', async () => {
    let loads = 0;
    const schema = lazySchema(async () => {
      loads++;
      return ModelSaveSchema;
    });
    const sent: unknown[] = [];
    const view = (open: boolean) => (
      <lazyForm.CrudFormModal
        open={open}
        title="Model"
        schema={schema}
        initialValues={{ state: 1 }}
        onClose={() => undefined}
        onSubmit={async (values) => {
          sent.push(values);
        }}
        testId="lazy"
      >
        <lazyForm.CrudField name="name" label="Name">
          <Input data-testid="lazy-name" />
        </lazyForm.CrudField>
      </lazyForm.CrudFormModal>
    );
    const { rerender } = render(view(false));
    // Closed: nothing of the form is fetched or drawn.
    expect(loads).toBe(0);
    expect(screen.queryByTestId('lazy-save')).toBeNull();
    rerender(view(true));
    fireEvent.click(await screen.findByTestId('lazy-save', {}, WAIT));
    expect(await screen.findByText('This field is required', {}, WAIT)).toBeInTheDocument();
    expect(sent).toEqual([]);
    fireEvent.change(screen.getByTestId('lazy-name'), { target: { value: 'P4' } });
    fireEvent.click(screen.getByTestId('lazy-save'));
    await waitFor(() => expect(sent).toEqual([{ name: 'P4', state: 1 }]), WAIT);
    expect(loads).toBe(1);
  });
  it('opens empty for a new record after another was edited, keeping nothing of it', async () => {
    const sent: unknown[] = [];
    render(<EditThenAdd sent={sent} />);
    expect(screen.getByTestId('name')).toHaveValue('Edited model');
    fireEvent.change(screen.getByTestId('name'), { target: { value: 'Typed, then cancelled' } });
    fireEvent.click(screen.getByRole('button', { name: /cancel/i }));
    await waitFor(() => expect(screen.queryByTestId('name')).toBeNull(), WAIT);
    fireEvent.click(screen.getByTestId('add'));
    expect(await screen.findByTestId('name', {}, WAIT)).toHaveValue('');
    fireEvent.change(screen.getByTestId('name'), { target: { value: 'New model' } });
    fireEvent.click(screen.getByTestId('crud-form-save'));
    await waitFor(() => expect(sent).toEqual([{ name: 'New model' }]), WAIT);
  });

  it('gives two forms without a name of their own different field ids, each label naming its own field', () => {
    const form = (label: string) => (
      <CrudFormModal
        open
        title={`${label} dialog`}
        schema={ModelSaveSchema}
        onClose={() => undefined}
        onSubmit={async () => undefined}
      >
        <CrudField name="name" label={label}>
          <Input />
        </CrudField>
      </CrudFormModal>
    );
    render(
      <>
        {form('First name')}
        {form('Second name')}
      </>,
    );
    const first = screen.getByLabelText('First name', { selector: 'input' });
    const second = screen.getByLabelText('Second name', { selector: 'input' });
    expect(first.id).not.toBe(second.id);
    expect(document.querySelectorAll(`[id="${first.id}"]`)).toHaveLength(1);
  });

  it('names its conflict field and its values after the contract', () => {
    const base = {
      open: false,
      title: 'Model',
      schema: ModelSaveSchema,
      onClose: () => undefined,
      onSubmit: async (values: { name: string }) => values.name,
      children: null,
    };
    const named: CrudFormProps<typeof ModelSaveSchema> = { ...base, conflictField: 'name' };
    // @ts-expect-error the model contract has no `title` field
    const unknown: CrudFormProps<typeof ModelSaveSchema> = { ...base, conflictField: 'title' };
    // @ts-expect-error the model's name is text
    const wrong: CrudFormProps<typeof ModelSaveSchema> = { ...base, initialValues: { name: 1 } };
    expect([named.conflictField, unknown.conflictField, wrong.initialValues?.name]).toEqual([
      'name',
      'title',
      1,
    ]);
  });
});

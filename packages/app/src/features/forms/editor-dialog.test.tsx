import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EditorDialog, type EditorFormProps } from './editor-dialog';
import { FormFailure } from './form-failure';
import { FormFooter } from './form-footer';
import '@testing-library/jest-dom/vitest';

afterEach(cleanup);

/** A form in the shape of the real ones: dirty once a name is typed, failing on demand. */
function NameForm({
  kind,
  onDirtyChange,
  onCancel,
  onSaved,
  fail,
}: EditorFormProps & { kind: 'create' | 'edit'; fail?: ReactNode }) {
  const [name, setName] = useState('');
  const [failure, setFailure] = useState<ReactNode>(null);
  useEffect(() => onDirtyChange(name !== ''), [name, onDirtyChange]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (fail) setFailure(fail);
    else onSaved();
  };
  return (
    <form aria-label="名前の登録" onSubmit={submit}>
      <label>
        名前
        <input id="name-form-name" value={name} onChange={(event) => setName(event.target.value)} />
      </label>
      <FormFailure message={failure} />
      <FormFooter kind={kind} saving={false} onCancel={onCancel} />
    </form>
  );
}

function Harness({ kind = 'create', fail }: { kind?: 'create' | 'edit'; fail?: ReactNode }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        開く
      </button>
      <EditorDialog
        open={open}
        onOpenChange={setOpen}
        title="名前を登録"
        description="「必須」の項目は入力が必要です。"
        testId="name-form-dialog"
        initialFocusId="name-form-name"
      >
        {(form) => <NameForm kind={kind} fail={fail} {...form} />}
      </EditorDialog>
    </>
  );
}

const dialog = () => screen.queryByRole('dialog', { name: '名前を登録' });
const discardQuestion = () => screen.queryByRole('alertdialog', { name: '入力した内容を破棄しますか？' });

describe('EditorDialog', () => {
  it('opens on its first field and closes at once while nothing is typed', async () => {
    render(<Harness />);
    expect(dialog()).toHaveAttribute('data-testid', 'name-form-dialog');
    await waitFor(() => expect(screen.getByRole('textbox', { name: '名前' })).toHaveFocus());
    await userEvent.click(screen.getByRole('button', { name: 'キャンセル' }));
    await waitFor(() => expect(dialog()).toBeNull());
    expect(discardQuestion()).toBeNull();
  });

  it('asks before throwing away typed input, and keeps it when the user goes on', async () => {
    render(<Harness />);
    await userEvent.type(screen.getByRole('textbox', { name: '名前' }), '佐藤');
    await userEvent.click(screen.getByRole('button', { name: 'キャンセル' }));
    expect(await screen.findByRole('alertdialog', { name: '入力した内容を破棄しますか？' })).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: '入力を続ける' }));
    await waitFor(() => expect(discardQuestion()).toBeNull());
    expect(screen.getByRole('textbox', { name: '名前' })).toHaveValue('佐藤');

    await userEvent.keyboard('{Escape}');
    await userEvent.click(await screen.findByRole('button', { name: '破棄して閉じる' }));
    await waitFor(() => expect(dialog()).toBeNull());

    // Opened again, the form starts empty and closes without asking.
    await userEvent.click(screen.getByRole('button', { name: '開く' }));
    expect(await screen.findByRole('textbox', { name: '名前' })).toHaveValue('');
    await userEvent.click(screen.getByRole('button', { name: 'キャンセル' }));
    await waitFor(() => expect(dialog()).toBeNull());
    expect(discardQuestion()).toBeNull();
  });

  it('closes without asking once the input is saved', async () => {
    render(<Harness kind="edit" />);
    await userEvent.type(screen.getByRole('textbox', { name: '名前' }), '佐藤');
    await userEvent.click(screen.getByRole('button', { name: '保存する' }));
    await waitFor(() => expect(dialog()).toBeNull());
    expect(discardQuestion()).toBeNull();
  });

  it('shows why a save failed and moves the focus there', async () => {
    render(<Harness fail="通信できませんでした。" />);
    await userEvent.type(screen.getByRole('textbox', { name: '名前' }), '佐藤');
    await userEvent.click(screen.getByRole('button', { name: '登録する' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('保存できませんでした');
    expect(alert).toHaveTextContent('通信できませんでした。');
    await waitFor(() => expect(alert.parentElement).toHaveFocus());
  });
});

describe('FormFooter', () => {
  it('labels the submit button by mode and locks キャンセル while saving', () => {
    const onCancel = vi.fn();
    const { rerender } = render(<FormFooter kind="create" saving={false} onCancel={onCancel} />);
    expect(screen.getByRole('button', { name: '登録する' })).toHaveAttribute('type', 'submit');
    expect(screen.getByRole('button', { name: 'キャンセル' })).toBeEnabled();
    rerender(<FormFooter kind="edit" saving onCancel={onCancel} />);
    expect(screen.getByRole('button', { name: /保存する/ })).toHaveAttribute('type', 'submit');
    expect(screen.getByRole('button', { name: 'キャンセル' })).toBeDisabled();
  });
});

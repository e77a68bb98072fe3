import { useMutation } from '@tanstack/react-query';
import {
  contractEnums,
  fieldLabels,
  isApiError,
  ROLE_DESCRIPTIONS,
  ROLE_LABELS,
  type Role,
  type TenantUser,
} from '@tsumiki/api-client';
import { addTenantUserMutationOptions } from '@tsumiki/api-client/react';
import {
  Alert,
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  PasswordField,
  Select,
  TextField,
} from '@tsumiki/ui';
import { type FormEvent, useState } from 'react';
import { useSignedIn } from '../../session/session';

type Field = 'email' | 'full_name' | 'role' | 'initial_password';
const FIELDS: readonly Field[] = ['email', 'full_name', 'role', 'initial_password'];
type Errors = Partial<Record<Field, string>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const label = (field: Field) => fieldLabels[field] ?? field;
const fieldId = (field: Field) => `add-user-${field}`;

/** Checks what the browser can before the server does; messages name the field in Japanese. */
export function validateAddUser(values: {
  email: string;
  full_name: string;
  initial_password: string;
}): Errors {
  const errors: Errors = {};
  const email = values.email.trim();
  if (!email) errors.email = `${label('email')}を入力してください。`;
  else if (!EMAIL.test(email) || email.length > 254)
    errors.email = `${label('email')}の形式が正しくありません（例: name@example.jp）。`;
  if (values.full_name.trim().length > 100)
    errors.full_name = `${label('full_name')}は 100 文字以内で入力してください。`;
  const password = values.initial_password;
  if (password && (password.length < 8 || password.length > 72))
    errors.initial_password = `${label('initial_password')}は 8〜72 文字で入力してください。`;
  return errors;
}

export interface AddUserDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onAdded: (user: TenantUser) => void;
}

/** 「ユーザーを追加」: an existing account joins as is; a new address needs an initial password. */
export function AddUserDialog({ open, onOpenChange, onAdded }: AddUserDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="md" data-testid="add-user-dialog">
        <DialogHeader>
          <DialogTitle>ユーザーを追加</DialogTitle>
          <DialogDescription>
            このテナントを使える人を追加します。すでにアカウントがある人は、メールアドレスと役割だけで追加できます。
          </DialogDescription>
        </DialogHeader>
        {open ? <AddUserForm onCancel={() => onOpenChange(false)} onAdded={onAdded} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function AddUserForm({ onCancel, onAdded }: { onCancel: () => void; onAdded: (user: TenantUser) => void }) {
  const { tenant } = useSignedIn();
  const { api } = useSignedIn();
  const add = useMutation({
    ...addTenantUserMutationOptions(api, tenant?.tenant_id ?? ''),
    meta: { errorDisplay: 'inline' },
  });
  const [email, setEmail] = useState('');
  const [fullName, setFullName] = useState('');
  const [role, setRole] = useState<Role>('staff');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);

  const focusFirst = (found: Errors) => {
    const first = FIELDS.find((field) => found[field]);
    if (first) document.getElementById(fieldId(first))?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const found = validateAddUser({ email, full_name: fullName, initial_password: password });
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirst(found);
      return;
    }
    try {
      const user = await add.mutateAsync({
        email: email.trim(),
        role,
        ...(fullName.trim() ? { full_name: fullName.trim() } : {}),
        ...(password ? { initial_password: password } : {}),
      });
      onAdded(user);
    } catch (error) {
      if (isApiError(error) && error.status === 422 && error.validationErrors.length > 0) {
        const byField: Errors = {};
        const others: string[] = [];
        for (const entry of error.validationErrors) {
          const key = entry.field.split('.').at(-1) as Field;
          if (FIELDS.includes(key)) byField[key] ??= `${label(key)}: ${entry.message}`;
          else others.push(`${fieldLabels[entry.field] ?? '入力内容'}: ${entry.message}`);
        }
        setErrors(byField);
        if (others.length > 0) setFailure(others.join('\n'));
        focusFirst(byField);
        return;
      }
      setFailure(error instanceof Error ? error.message : 'ユーザーを追加できませんでした。');
    }
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      {failure ? (
        <Alert variant="error" className="whitespace-pre-line">
          {failure}
        </Alert>
      ) : null}
      <TextField
        id={fieldId('email')}
        label={label('email')}
        type="email"
        autoComplete="off"
        required
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={errors.email}
      />
      <TextField
        id={fieldId('full_name')}
        label={label('full_name')}
        autoComplete="off"
        description="新しいアカウントのときに登録します。すでにアカウントがある人は、本人の登録した氏名のままです。"
        value={fullName}
        onChange={(event) => setFullName(event.target.value)}
        error={errors.full_name}
      />
      <Select
        id={fieldId('role')}
        label={label('role')}
        required
        placeholder={false}
        options={contractEnums.Role.map((value) => ({ value, label: ROLE_LABELS[value] }))}
        value={role}
        onChange={(event) => setRole(event.target.value as Role)}
        description={`${ROLE_DESCRIPTIONS[role]}権限は追加したあとで一人ずつ変えられます。`}
        error={errors.role}
      />
      <PasswordField
        id={fieldId('initial_password')}
        label={label('initial_password')}
        autoComplete="new-password"
        description="このメールアドレスのアカウントがまだないときだけ必要です（8〜72 文字）。新しいアカウントをこのパスワードで作ります。本人に安全な方法で伝え、ログイン後にプロフィールから変えてもらってください。"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={errors.initial_password}
      />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          キャンセル
        </Button>
        <Button type="submit" loading={add.isPending}>
          追加する
        </Button>
      </DialogFooter>
    </form>
  );
}

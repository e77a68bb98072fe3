import { Eye, EyeOff } from 'lucide-react';
import { useState } from 'react';
import { passwordFieldMessages } from '../../i18n/groups/password-field';
import { useMessageGroups } from '../../i18n/messages-provider';
import { cn } from '../../lib/cn';
import { Button } from '../button/button';
import { TextField, type TextFieldProps } from '../text-field/text-field';

export type PasswordFieldProps = Omit<TextFieldProps, 'type' | 'trailing'> & {
  /** Names the show/hide toggle (「現在のパスワードを表示」); defaults to the label when it is text. */
  toggleLabel?: string;
};

/**
 * A password input with a show/hide toggle: a button with `aria-pressed` that keeps its name
 * (「パスワードを表示」), as a toggle button should. Everything else is TextField's.
 */
export function PasswordField({
  label,
  toggleLabel,
  inputClassName,
  disabled,
  ...props
}: PasswordFieldProps) {
  const messages = useMessageGroups({ passwordField: passwordFieldMessages });
  const [visible, setVisible] = useState(false);
  const name = toggleLabel ?? messages.passwordField.toggle(typeof label === 'string' ? label : undefined);
  return (
    <TextField
      autoCapitalize="off"
      autoCorrect="off"
      spellCheck={false}
      {...props}
      label={label}
      disabled={disabled}
      type={visible ? 'text' : 'password'}
      inputClassName={cn('pr-11', inputClassName)}
      trailing={
        <Button
          data-slot="password-field-toggle"
          variant="ghost"
          size="icon-sm"
          aria-label={name}
          aria-pressed={visible}
          disabled={disabled}
          onClick={() => setVisible((current) => !current)}
          className="text-muted-foreground hover:text-foreground"
        >
          {visible ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
        </Button>
      }
    />
  );
}

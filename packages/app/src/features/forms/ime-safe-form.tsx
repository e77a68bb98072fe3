import { isImeComposing } from '@tsumiki/ui';
import type { ComponentProps } from 'react';

/**
 * A `<form>` without the browser's own validation (the form shows its checks in Japanese at its
 * fields) where the Enter that confirms an IME conversion never submits.
 */
export function ImeSafeForm({ onKeyDown, ...props }: ComponentProps<'form'>) {
  return (
    <form
      noValidate
      onKeyDown={(event) => {
        if (event.key === 'Enter' && isImeComposing(event)) event.preventDefault();
        onKeyDown?.(event);
      }}
      {...props}
    />
  );
}

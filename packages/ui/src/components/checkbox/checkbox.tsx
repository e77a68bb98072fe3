import * as CheckboxPrimitive from '@radix-ui/react-checkbox';
import { Check, Minus } from 'lucide-react';
import { type ComponentProps, type ReactNode, useId } from 'react';
import { cn } from '../../lib/cn';

export type CheckboxProps = ComponentProps<typeof CheckboxPrimitive.Root> & {
  /** Visible label next to the box; without it pass `aria-label`. */
  label?: ReactNode;
  description?: ReactNode;
};

/** A checkbox (checked, unchecked or `'indeterminate'`) with an optional label. */
export function Checkbox({ label, description, id, className, ...props }: CheckboxProps) {
  const generatedId = useId();
  const boxId = id ?? `${generatedId}-checkbox`;
  const descriptionId = description ? `${boxId}-description` : undefined;
  const box = (
    <CheckboxPrimitive.Root
      data-slot="checkbox"
      id={boxId}
      aria-describedby={descriptionId}
      {...props}
      className={cn(
        'peer grid size-[1.125rem] shrink-0 cursor-pointer place-items-center rounded-sm border border-input bg-surface shadow-sm',
        'outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2',
        'data-[state=checked]:border-primary data-[state=checked]:bg-primary data-[state=checked]:text-primary-foreground',
        'data-[state=indeterminate]:border-primary data-[state=indeterminate]:bg-primary data-[state=indeterminate]:text-primary-foreground',
        'disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-error',
        label ? undefined : className,
      )}
    >
      <CheckboxPrimitive.Indicator data-slot="checkbox-indicator" className="grid place-items-center">
        {props.checked === 'indeterminate' ? (
          <Minus aria-hidden="true" className="size-3.5" strokeWidth={3} />
        ) : (
          <Check aria-hidden="true" className="size-3.5" strokeWidth={3} />
        )}
      </CheckboxPrimitive.Indicator>
    </CheckboxPrimitive.Root>
  );
  if (!label) return box;
  return (
    <div data-slot="checkbox-field" className={cn('flex items-start gap-2.5', className)}>
      <span className="flex h-5 items-center">{box}</span>
      <div className="grid gap-0.5">
        <label htmlFor={boxId} className="cursor-pointer text-sm leading-5 peer-disabled:cursor-not-allowed">
          {label}
        </label>
        {description && (
          <p id={descriptionId} className="text-xs text-muted-foreground">
            {description}
          </p>
        )}
      </div>
    </div>
  );
}

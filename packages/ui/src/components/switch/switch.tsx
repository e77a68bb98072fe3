import * as SwitchPrimitive from '@radix-ui/react-switch';
import { type ComponentProps, type ReactNode, useId } from 'react';
import { cn } from '../../lib/cn';

export type SwitchProps = ComponentProps<typeof SwitchPrimitive.Root> & {
  /** Visible label; without it pass `aria-label`. */
  label?: ReactNode;
  description?: ReactNode;
};

/** An on/off setting that takes effect at once (for a form value use Checkbox). */
export function Switch({ label, description, id, className, ...props }: SwitchProps) {
  const generatedId = useId();
  const switchId = id ?? `${generatedId}-switch`;
  const descriptionId = description ? `${switchId}-description` : undefined;
  const control = (
    <SwitchPrimitive.Root
      data-slot="switch"
      id={switchId}
      aria-describedby={descriptionId}
      {...props}
      className={cn(
        'inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent bg-input transition-colors',
        'outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2',
        'data-[state=checked]:bg-primary disabled:cursor-not-allowed disabled:opacity-50',
        label ? undefined : className,
      )}
    >
      <SwitchPrimitive.Thumb
        data-slot="switch-thumb"
        className="pointer-events-none block size-5 rounded-full bg-surface shadow-sm transition-transform data-[state=checked]:translate-x-5 data-[state=unchecked]:translate-x-0"
      />
    </SwitchPrimitive.Root>
  );
  if (!label) return control;
  return (
    <div data-slot="switch-field" className={cn('flex items-start justify-between gap-4', className)}>
      <div className="grid gap-0.5">
        <label htmlFor={switchId} className="cursor-pointer text-sm leading-6 font-medium">
          {label}
        </label>
        {description && (
          <p id={descriptionId} className="text-xs text-muted-foreground">
            {description}
          </p>
        )}
      </div>
      {control}
    </div>
  );
}

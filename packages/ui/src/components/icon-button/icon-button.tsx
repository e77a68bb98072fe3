import type { ReactNode } from 'react';
import { ButtonCore, type ButtonProps } from '../button/button';
import { Tooltip, TooltipContent, TooltipTrigger } from '../tooltip/tooltip';

export type IconButtonProps = Omit<ButtonProps, 'size' | 'aria-label' | 'children'> & {
  /** Accessible name, also shown as a tooltip on hover and focus (an icon alone says nothing). */
  label: string;
  /** The icon (a lucide-react icon or any SVG). */
  children: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  /** Hide the tooltip (the name is still read out). With `disabledReason` the tooltip always shows. */
  hideTooltip?: boolean;
};

const buttonSizes = { sm: 'icon-sm', md: 'icon', lg: 'icon-lg' } as const;

/** A square button with only an icon: its `label` is the accessible name and the tooltip. */
export function IconButton({
  label,
  children,
  size = 'md',
  variant = 'ghost',
  hideTooltip = false,
  className,
  ...props
}: IconButtonProps) {
  const button = (
    <ButtonCore
      data-slot="icon-button"
      variant={variant}
      size={buttonSizes[size]}
      aria-label={label}
      {...props}
      className={className}
    >
      {children}
    </ButtonCore>
  );
  if (props.disabledReason) {
    // One tooltip with the name and the reason (the reason is read through aria-describedby).
    return (
      <DisabledReasonTooltip
        content={
          <>
            <span className="block font-medium">{label}</span>
            <span className="block">{props.disabledReason}</span>
          </>
        }
      >
        {button}
      </DisabledReasonTooltip>
    );
  }
  if (hideTooltip) return button;
  return (
    <Tooltip>
      <TooltipTrigger asChild>{button}</TooltipTrigger>
      {/* The name is already on the button: the tooltip is for the eye only. */}
      <TooltipContent aria-hidden="true">{label}</TooltipContent>
    </Tooltip>
  );
}

/** The tooltip of an icon button locked with a reason: its name and the reason, on hover and focus. */
function DisabledReasonTooltip({ content, children }: { content: ReactNode; children: ReactNode }) {
  return (
    <Tooltip>
      {/* The reason is read through the button's own aria-describedby, not the tooltip's. */}
      <TooltipTrigger asChild aria-describedby={undefined}>
        {children}
      </TooltipTrigger>
      <TooltipContent aria-hidden="true">{content}</TooltipContent>
    </Tooltip>
  );
}

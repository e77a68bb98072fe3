import type { ReactNode } from 'react';
import { Button, type ButtonProps } from '../button/button';
import { Tooltip, TooltipContent, TooltipTrigger } from '../tooltip/tooltip';

export type IconButtonProps = Omit<ButtonProps, 'size' | 'aria-label' | 'children'> & {
  /** Accessible name, also shown as a tooltip on hover and focus (an icon alone says nothing). */
  label: string;
  /** The icon (a lucide-react icon or any SVG). */
  children: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  /** Hide the tooltip (the name is still read out). */
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
    <Button
      data-slot="icon-button"
      variant={variant}
      size={buttonSizes[size]}
      aria-label={label}
      {...props}
      className={className}
    >
      {children}
    </Button>
  );
  if (hideTooltip) return button;
  return (
    <Tooltip>
      <TooltipTrigger asChild>{button}</TooltipTrigger>
      {/* The name is already on the button: the tooltip is for the eye only. */}
      <TooltipContent aria-hidden="true">{label}</TooltipContent>
    </Tooltip>
  );
}

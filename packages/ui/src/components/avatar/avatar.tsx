import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

export const avatarVariants = cva(
  'inline-grid shrink-0 place-items-center overflow-hidden rounded-full font-semibold select-none',
  {
    variants: {
      size: {
        sm: 'size-7 text-xs',
        md: 'size-9 text-sm',
        lg: 'size-12 text-lg',
      },
      tone: {
        primary: 'bg-primary text-primary-foreground',
        neutral: 'bg-secondary text-secondary-foreground',
      },
    },
    defaultVariants: { size: 'md', tone: 'primary' },
  },
);

export type AvatarProps = Omit<ComponentProps<'span'>, 'children'> &
  VariantProps<typeof avatarVariants> & {
    /** Display name; its first character is the initial. */
    name?: string | null;
    /** Used when there is no name (first character, capitalised). */
    email?: string | null;
    /** Read-out name; by default the avatar is decorative because the name is written next to it. */
    label?: string;
  };

/** The first character of the name (or e-mail) in a circle: `佐`, `A`, `𠮷`. */
export function avatarInitial(name?: string | null, email?: string | null): string {
  const source = name?.trim() || email?.trim() || '?';
  const [first = '?'] = Array.from(source);
  return first.toLocaleUpperCase('ja-JP');
}

export function Avatar({ name, email, label, size, tone, className, ...props }: AvatarProps) {
  return (
    <span
      data-slot="avatar"
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
      {...props}
      className={cn(avatarVariants({ size, tone }), className)}
    >
      {avatarInitial(name, email)}
    </span>
  );
}

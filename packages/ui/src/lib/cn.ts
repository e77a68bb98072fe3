import { type ClassValue, clsx } from 'clsx';

/**
 * Joins class names (strings, arrays, `{ class: condition }` objects; falsy values are skipped).
 * It does not resolve conflicting Tailwind utilities: which of `px-2 px-4` wins depends on the
 * stylesheet's order, not on the order here. Components therefore never pass two classes for the
 * same property; what a caller may change has a prop or variant (e.g. Button's `size`, or `null`
 * to leave a variant's classes out and bring one's own), and a caller's `className` adds to them.
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}

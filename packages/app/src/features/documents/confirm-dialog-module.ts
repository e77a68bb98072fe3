// Only imported lazily (lazy-confirm-dialog.tsx): Radix's dialog comes with the first deletion.
export { ConfirmDialog } from '@tsumiki/ui';

/**
 * Where "contact support" drafts its mail (SPEC section 8), from VITE_SUPPORT_EMAIL at build time;
 * without it the crash page, the snackbar and the modal offer no contact button.
 */
export const supportEmail: string | undefined = import.meta.env.VITE_SUPPORT_EMAIL || undefined;

/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** A hosted Supabase Auth URL instead of the server's embedded service. */
  readonly VITE_AUTH_URL?: string;
  /** Where "contact support" drafts its mail; without it the button is not offered. */
  readonly VITE_SUPPORT_EMAIL?: string;
}

/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_METRIKA_ID?: string;
  readonly VITE_METRIKA_LANDING_ID?: string;
  readonly VITE_SENTRY_DSN?: string;
  readonly VITE_SENTRY_ENVIRONMENT?: string;
  readonly VITE_SENTRY_TRACES_SAMPLE_RATE?: string;
  readonly VITE_APP_VERSION?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

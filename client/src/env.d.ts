/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_WEB_API_BASE?: string;
  readonly VITE_MOBILE_API_BASE?: string;
  readonly VITE_MOBILE_API_VERSION?: string;
  readonly VITE_WS_PATH?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

/** The client build id (vite.config.ts), compared with the server's: lib/build-version.ts. */
declare const __BUILD_ID__: string;

const viteEnv = import.meta.env;

function trailingSlash(value: string): string {
  return value.endsWith('/') ? value : `${value}/`;
}

export const env = {
  webApiBase: trailingSlash(viteEnv.VITE_WEB_API_BASE ?? '/api/web/v1/'),
  mobileApiBase: trailingSlash(viteEnv.VITE_MOBILE_API_BASE ?? '/api/mobile/v1/'),
  mobileApiVersion: viteEnv.VITE_MOBILE_API_VERSION ?? '1000000',
  websocketPath: trailingSlash(viteEnv.VITE_WS_PATH ?? '/ws/v1/'),
  productName: 'Kehadiran',
} as const;

export function websocketUrl(ticket: string, location: Location = window.location): string {
  const protocol = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${protocol}//${location.host}${env.websocketPath}?ticket=${encodeURIComponent(ticket)}`;
}

const MOBILE_AGENT = /Android|iPhone|iPad|iPod|Mobile|webOS|BlackBerry|IEMobile|Opera Mini/i;

export function isMobileDevice(userAgent: string = window.navigator.userAgent): boolean {
  return MOBILE_AGENT.test(userAgent);
}

/**
 * Device signals for POST /v1/signals/collect: coarse, non-invasive properties (no canvas or audio
 * fingerprinting). At most 50 keys, each value at most 500 characters.
 */

const MAX_VALUE_CHARS = 500;

function safe(read: () => unknown): string | undefined {
  try {
    const value = read();
    if (value === undefined || value === null) return undefined;
    return String(value).slice(0, MAX_VALUE_CHARS);
  } catch {
    return undefined;
  }
}

interface UserAgentData {
  mobile?: boolean;
  platform?: string;
  brands?: Array<{ brand: string; version: string }>;
}

export function collectDeviceSignals(extra: Record<string, string>): Record<string, string> {
  const nav = navigator as Navigator & { userAgentData?: UserAgentData; deviceMemory?: number };
  const readers: Record<string, () => unknown> = {
    user_agent: () => nav.userAgent,
    ua_platform: () => nav.userAgentData?.platform,
    ua_mobile: () => nav.userAgentData?.mobile,
    ua_brands: () => nav.userAgentData?.brands?.map((b) => `${b.brand}/${b.version}`).join(', '),
    languages: () => (nav.languages ?? [nav.language]).join(','),
    timezone: () => Intl.DateTimeFormat().resolvedOptions().timeZone,
    timezone_offset_min: () => new Date().getTimezoneOffset(),
    screen: () => `${screen.width}x${screen.height}`,
    viewport: () => `${window.innerWidth}x${window.innerHeight}`,
    device_pixel_ratio: () => window.devicePixelRatio,
    color_depth: () => screen.colorDepth,
    hardware_concurrency: () => nav.hardwareConcurrency,
    device_memory_gb: () => nav.deviceMemory,
    max_touch_points: () => nav.maxTouchPoints,
    webdriver: () => nav.webdriver,
    cookies_enabled: () => nav.cookieEnabled,
    pdf_viewer: () => nav.pdfViewerEnabled,
    camera_api: () => typeof nav.mediaDevices?.getUserMedia === 'function',
    prefers_color_scheme: () => (matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light'),
    prefers_reduced_motion: () => matchMedia('(prefers-reduced-motion: reduce)').matches,
  };
  const components: Record<string, string> = {};
  for (const [key, read] of Object.entries(readers)) {
    const value = safe(read);
    if (value !== undefined) components[key] = value;
  }
  for (const [key, value] of Object.entries(extra)) components[key] = value.slice(0, MAX_VALUE_CHARS);
  return components;
}

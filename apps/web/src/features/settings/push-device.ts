/**
 * Web push on this device (issue 46, decision 0073). Nothing here runs on a first visit: the
 * service worker is registered, and permission asked, only when the shopper turns push on in
 * Settings › Notifications.
 */

const SW_URL = '/h5/sw.js';
const SCOPE = '/h5/';
/** The endpoint this browser gave the shop (so the screen knows this device is on). */
const STORE = 'am.push.endpoint';

export type PushSubscriptionJson = { endpoint: string; keys: { p256dh: string; auth: string } };
export type DeviceState = 'unsupported' | 'denied' | 'off' | 'on';

export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window
  );
}

export function deviceState(): DeviceState {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  return Notification.permission === 'granted' && localStorage.getItem(STORE) ? 'on' : 'off';
}

export function deviceEndpoint(): string | null {
  return localStorage.getItem(STORE);
}

/**
 * Registers the service worker, asks for permission, and subscribes: at the browser's push service
 * (`pushManager.subscribe`), or outside production at the shop's push-service stand-in, which plays
 * that service (`standInUrl`). Resolves with the subscription to keep, or null when refused.
 */
export async function subscribeDevice(key: {
  publicKey: string;
  standInUrl: string | null;
}): Promise<PushSubscriptionJson | null> {
  const registration = await navigator.serviceWorker.register(SW_URL, { scope: SCOPE });
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return null;
  let subscription: PushSubscriptionJson;
  if (key.standInUrl) {
    const res = await fetch(key.standInUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ applicationServerKey: key.publicKey }),
    });
    if (!res.ok) throw new Error(`push stand-in ${res.status}`);
    subscription = (await res.json()) as PushSubscriptionJson;
  } else {
    await navigator.serviceWorker.ready;
    const made = await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: fromBase64Url(key.publicKey),
    });
    subscription = made.toJSON() as PushSubscriptionJson;
  }
  localStorage.setItem(STORE, subscription.endpoint);
  return subscription;
}

/** Ends this device's subscription at the browser's push service, and forgets it here. */
export async function unsubscribeDevice(): Promise<string | null> {
  const endpoint = localStorage.getItem(STORE);
  localStorage.removeItem(STORE);
  const registration = await navigator.serviceWorker.getRegistration(SCOPE);
  const current = await registration?.pushManager.getSubscription();
  await current?.unsubscribe();
  return endpoint;
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(text.length / 4) * 4, '=');
  const bytes = atob(base64);
  const out = new Uint8Array(new ArrayBuffer(bytes.length));
  for (let i = 0; i < bytes.length; i++) out[i] = bytes.charCodeAt(i);
  return out;
}

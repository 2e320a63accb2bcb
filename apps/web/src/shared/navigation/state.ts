import { local, session } from '../storage.ts';
import { loginRedirectOf, nextLongTrail, pushHistory, returnPathFor } from './rules.ts';

/** App state of spec §3: return path, visited history and the back flag. */
type AppState = { jumpPath: string; jumpHistory: string[]; backing: boolean };

const KEY = 'shop.app';
const LONG_TRAIL_KEY = 'shop.longTrail';

function load(): AppState {
  try {
    const raw = local.getItem(KEY);
    if (raw) return { jumpPath: '', jumpHistory: [], backing: false, ...JSON.parse(raw) };
  } catch {}
  return { jumpPath: '', jumpHistory: [], backing: false };
}

let state: AppState = load();

function save() {
  local.setItem(KEY, JSON.stringify(state));
}

export const appState = {
  get: () => state,
  /** Called on every completed navigation with the full path (pathname + search). */
  visit(fullPath: string, source: string) {
    const pathname = fullPath.split('?')[0];
    const previous = state.jumpHistory[state.jumpHistory.length - 1];
    const returnPath = loginRedirectOf(fullPath) ?? returnPathFor(pathname, previous);
    state = {
      ...state,
      jumpPath: returnPath ?? state.jumpPath,
      jumpHistory: pushHistory(state.jumpHistory, fullPath),
      backing: false,
    };
    save();
    if (source === 'long') {
      const trail = JSON.parse(session.getItem(LONG_TRAIL_KEY) ?? '[]') as string[];
      session.setItem(LONG_TRAIL_KEY, JSON.stringify(nextLongTrail(trail, fullPath)));
    }
  },
  longTrail(): string[] {
    return JSON.parse(session.getItem(LONG_TRAIL_KEY) ?? '[]') as string[];
  },
  /** The remembered return path, consumed once. */
  takeJumpPath(): string {
    const path = state.jumpPath;
    state = { ...state, jumpPath: '' };
    save();
    return path;
  },
  setBacking(backing: boolean) {
    state = { ...state, backing };
    save();
  },
};

/** Lets code outside React (the API client) move the router; the app sets it at start. */
let navigateImpl: (to: string) => void = (to) => {
  window.location.assign(`/h5${to}`);
};
export function setNavigator(navigate: (to: string) => void) {
  navigateImpl = navigate;
}
export function navigateTo(to: string) {
  navigateImpl(to);
}

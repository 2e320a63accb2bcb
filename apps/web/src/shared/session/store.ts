import { useSyncExternalStore } from 'react';
import { local } from '../storage.ts';

/** The signed-in shopper, as spec §3 lists it. Kept in localStorage so a reload stays signed in. */
export type SessionState = {
  token: string;
  userId: string;
  userLevel: number;
  userEmail: string;
  userMobile: string;
  userFullMobile: string;
  cartCount: number;
  /** Search history keywords, newest first, no duplicates. */
  searchKeys: string[];
  /** Whether the "please log in" dialog was already shown since the session went invalid. */
  hadHintLogin: boolean;
  lastNotice: string;
  facebookLoginStatus: string;
  thirdType: string;
  thirdId: string;
  thirdUserName: string;
  imageUrl: string;
  source: string;
  country: string;
};

const KEY = 'shop.session';

export const EMPTY_SESSION: SessionState = {
  token: '',
  userId: '',
  userLevel: 0,
  userEmail: '',
  userMobile: '',
  userFullMobile: '',
  cartCount: 0,
  searchKeys: [],
  hadHintLogin: false,
  lastNotice: '',
  facebookLoginStatus: '',
  thirdType: '',
  thirdId: '',
  thirdUserName: '',
  imageUrl: '',
  source: '',
  country: '',
};

function read(): SessionState {
  try {
    const raw = local.getItem(KEY);
    return raw ? { ...EMPTY_SESSION, ...JSON.parse(raw) } : EMPTY_SESSION;
  } catch {
    return EMPTY_SESSION;
  }
}

let state: SessionState = read();
const listeners = new Set<() => void>();

function commit(next: SessionState) {
  state = next;
  local.setItem(KEY, JSON.stringify(next));
  for (const listener of listeners) listener();
}

export const session = {
  get: (): SessionState => state,
  update(patch: Partial<SessionState>) {
    commit({ ...state, ...patch });
  },
  /** Logout clears every field of the session (spec §3), keeping only where the visitor came from. */
  clear() {
    commit({ ...EMPTY_SESSION, source: state.source });
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useSession(): SessionState {
  // On the server (src/paint.tsx) the session is the shopper the page is drawn for.
  return useSyncExternalStore(session.subscribe, session.get, session.get);
}

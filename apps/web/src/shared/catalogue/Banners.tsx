import type { JumpItem } from '@shop/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { currentLanguage } from '../i18n/index.ts';
import { bannerJump, storeChannelSort } from '../navigation/bannerJump.ts';
import { session } from '../session/store.ts';
import { local } from '../storage.ts';
import { Picture } from '../ui/Picture.tsx';

const TRACE_KEY = 'shop.traceToken';

/** An anonymous id of this device for outside links (never the session token). */
export function traceToken(): string {
  let id = local.getItem(TRACE_KEY);
  if (!id) {
    id = Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, '0')).join('');
    local.setItem(TRACE_KEY, id);
  }
  return id;
}

/** Follows a jump item: a route in the shop, or the outside url. */
export function useJump() {
  const navigate = useNavigate();
  return useCallback(
    (item: JumpItem) => {
      const target = bannerJump(item, {
        language: currentLanguage(),
        signedIn: Boolean(session.get().token),
        traceToken: traceToken(),
        storeChannelSort,
      });
      if (target.kind === 'route') navigate(target.to);
      else window.location.assign(target.url);
    },
    [navigate],
  );
}

/** A swipeable carousel (CSS scroll snap, no animation library) that advances every 4 s. */
export function Banners({ items, testId = 'carousel' }: { items: JumpItem[]; testId?: string }) {
  const jump = useJump();
  const track = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (items.length < 2) return;
    const timer = setInterval(() => {
      const node = track.current;
      if (!node) return;
      const next = (Math.round(node.scrollLeft / node.clientWidth) + 1) % items.length;
      node.scrollTo({ left: next * node.clientWidth, behavior: 'smooth' });
    }, 4000);
    return () => clearInterval(timer);
  }, [items.length]);
  if (items.length === 0) return null;
  return (
    <div className="banners" data-testid={testId}>
      <div
        className="banners__track"
        ref={track}
        onScroll={(e) => setIndex(Math.round(e.currentTarget.scrollLeft / e.currentTarget.clientWidth))}
      >
        {items.map((item, i) => (
          <button
            type="button"
            key={item.id}
            className="banners__slide"
            onClick={() => jump(item)}
            data-testid={`banner-${item.jumpType}`}
            aria-label={item.name}
          >
            <Picture url={item.imageUrl} alt="" sizes="100vw" eager={i === 0} />
            <span className="banners__title">{item.name}</span>
          </button>
        ))}
      </div>
      <div className="banners__dots" aria-hidden>
        {items.map((item, i) => (
          <span key={item.id} className={i === index ? 'active' : ''} />
        ))}
      </div>
    </div>
  );
}

import { describe, expect, it } from 'vitest';
import { routes, routesFor, SCREENS_ROUTE_ID, screensFor } from './routes.tsx';

const screens = routes[0].children?.[0].children ?? [];
const paths = screens.map((screen) => screen.path).filter((path): path is string => path !== undefined && path !== '*');

describe('the screens a first visit starts with (decision 0027)', () => {
  it('finds every screen by its own address, with or without the /h5 base, in any case, with a trailing slash', () => {
    expect(paths.length).toBeGreaterThan(150);
    for (const path of paths) {
      for (const address of [path, `/h5${path}`, `${path.toUpperCase()}/`, `/h5${path}?x=1#top`]) {
        expect(screensFor(address).map((screen) => screen.path)).toContain(path);
      }
    }
  });

  it('gives the front page for the base itself, and nothing for an address no screen has', () => {
    expect(screensFor('/h5/').map((screen) => screen.path)).toEqual(['/']);
    expect(screensFor('/h5').map((screen) => screen.path)).toEqual(['/']);
    expect(screensFor('/h5/no-such-screen')).toEqual([]);
  });

  it('tells /details from /h5/details (the spec names both)', () => {
    expect(screensFor('/h5/details').map((screen) => screen.path)).toEqual(['/details', '/h5/details']);
    expect(screensFor('/h5/h5/details').map((screen) => screen.path)).toEqual(['/h5/details']);
  });

  it('starts with the layout, the screens of the address and the not-found screen', () => {
    const table = routesFor('/h5/cart');
    const group = table[0].children?.[0];
    expect(group?.id).toBe(SCREENS_ROUTE_ID);
    expect(group?.children?.map((screen) => screen.path)).toEqual(['/cart', '*']);
  });
});

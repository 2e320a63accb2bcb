// Starts the shop's app once the server's first paint is on screen (apps/server/src/page-shell.ts):
// the page names the app's entry and the screen's code, and the phone asks for them only after it
// has shown the screen whole, its first pictures (fetchpriority="high") and its font (the Khmer
// one) included, so the code does not share a slow network with them. Never later than 3 s.
// A hidden tab gets no animation frames: it starts at once.
const boot = document.querySelector('script[data-entry]');
const entry = boot?.getAttribute('data-entry');
// Each file is asked for in a task of its own: adding a modulepreload link starts its fetch there and
// then, a few milliseconds each on a slow phone (five together were one long task, issue 24).
const start = async () => {
  for (const href of (boot.getAttribute('data-preload') ?? '').split(' ').filter(Boolean)) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.appendChild(link);
    await wait(0);
  }
  import(entry);
};
const loaded = (img) =>
  img.complete ||
  new Promise((done) => {
    img.addEventListener('load', done, { once: true });
    img.addEventListener('error', done, { once: true });
  });
const wait = (ms) => new Promise((done) => setTimeout(done, ms));
// The screen is shown whole when its first picture's paint has reached the screen (the largest
// paint names it), or, when that picture is not the largest thing on it, a little after the
// pictures and the font came and two frames were drawn.
const screenShown = () =>
  new Promise((done) => {
    const pictures = [...document.querySelectorAll('#root img[fetchpriority="high"]')];
    let observer;
    const finish = () => {
      observer?.disconnect();
      done();
    };
    if (pictures.length > 0 && PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint')) {
      observer = new PerformanceObserver((list) => {
        if (list.getEntries().some((entry) => pictures.includes(entry.element))) finish();
      });
      observer.observe({ type: 'largest-contentful-paint', buffered: true });
    }
    Promise.race([Promise.all([document.fonts?.ready, ...pictures.map(loaded)]), wait(3000)]).then(() =>
      requestAnimationFrame(() => requestAnimationFrame(() => wait(pictures.length > 0 ? 250 : 0).then(finish))),
    );
  });
// The screen's other pictures (the server drew them naming their files in data-src, Picture.tsx)
// are asked for once it is shown and its font has come; those below the fold still load lazily.
const showOtherPictures = () => {
  for (const img of document.querySelectorAll('#root img[data-src]')) {
    img.srcset = img.getAttribute('data-srcset') ?? '';
    img.src = img.getAttribute('data-src');
    img.removeAttribute('data-srcset');
    img.removeAttribute('data-src');
  }
};
if (document.visibilityState === 'visible') {
  const shown = screenShown();
  shown.then(() => Promise.race([document.fonts?.ready, wait(3000)])).then(showOtherPictures);
  if (entry) shown.then(() => setTimeout(start, 0));
} else {
  showOtherPictures();
  if (entry) start();
}

// A tap on a screen the app drew on the server (data-painted="app") before the app has taken it
// over is kept, and made again once the app runs the screen (main.tsx): on the same element when
// the app took the server's elements over, else on the app's element of the same name
// (data-testid), if it drew one; never on another.
const painted = document.querySelector('#root[data-painted="app"]');
if (painted) {
  let held;
  const hold = (event) => {
    if (window.shopTakenOver || !painted.contains(event.target)) return;
    event.preventDefault();
    event.stopPropagation();
    held = { target: event.target, name: event.target.closest?.('[data-testid]')?.getAttribute('data-testid') };
  };
  document.addEventListener('click', hold, true);
  window.shopReleaseTap = () => {
    document.removeEventListener('click', hold, true);
    const tap = held;
    held = undefined;
    if (!tap) return;
    // A tap on a picture or an icon lands on an SVG element, which has no click().
    const click = (element) =>
      typeof element.click === 'function'
        ? element.click()
        : element.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, view: window }));
    if (tap.target.isConnected) return click(tap.target);
    if (!tap.name) return;
    // The app drew the screen over the server's (one drawn for a visitor, say): its element of the
    // same name may still wait for its data (a campaign's offers), so it is awaited a few seconds
    // rather than the tap lost; nothing else is ever tapped in its place.
    const selector = `#root [data-testid="${CSS.escape(tap.name)}"]`;
    const named = document.querySelector(selector);
    if (named) return click(named);
    const watch = new MutationObserver(() => {
      const drawn = document.querySelector(selector);
      if (!drawn) return;
      stop();
      click(drawn);
    });
    const giveUp = setTimeout(() => stop(), 5000);
    const stop = () => {
      watch.disconnect();
      clearTimeout(giveUp);
    };
    watch.observe(document.getElementById('root') ?? document.body, { childList: true, subtree: true });
  };
}

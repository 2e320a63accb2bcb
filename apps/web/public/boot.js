// Starts the shop's app once the server's first paint is on screen (apps/server/src/page-shell.ts):
// the page names the app's entry and the screen's code, and the phone asks for them only after it
// has shown the screen, so the code does not share the network with the page's largest picture.
// A hidden tab gets no animation frames: it starts at once.
const boot = document.querySelector('script[data-entry]');
const entry = boot?.getAttribute('data-entry');
const start = () => {
  for (const href of (boot.getAttribute('data-preload') ?? '').split(' ').filter(Boolean)) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.appendChild(link);
  }
  import(entry);
};
if (entry) document.visibilityState === 'visible' ? requestAnimationFrame(() => setTimeout(start, 0)) : start();

// A tap on a screen the app drew on the server (data-painted="app") before the app has taken it
// over is kept, and made again on the same element once the app runs it (main.tsx): the element
// stays the same one, so a shopper's quick tap is never lost, nor sent to a page that cannot
// answer it yet.
const painted = document.querySelector('#root[data-painted="app"]');
if (painted) {
  const hold = (event) => {
    if (window.shopTakenOver || !painted.contains(event.target)) return;
    event.preventDefault();
    event.stopPropagation();
    window.shopHeldTap = event.target;
  };
  document.addEventListener('click', hold, true);
  window.shopReleaseTap = () => {
    document.removeEventListener('click', hold, true);
    const target = window.shopHeldTap;
    window.shopHeldTap = undefined;
    if (target?.isConnected) target.click();
  };
}

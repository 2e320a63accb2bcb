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

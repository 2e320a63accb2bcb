// Starts the shop's app once the server's first paint is on screen (apps/server/src/page-shell.ts):
// the page names the app's entry (already asked for with the page), and the phone shows the screen
// before it spends its time on the code. A hidden tab gets no animation frames: it starts at once.
const entry = document.querySelector('script[data-entry]')?.getAttribute('data-entry');
const start = () => import(entry);
if (entry) document.visibilityState === 'visible' ? requestAnimationFrame(() => setTimeout(start, 0)) : start();

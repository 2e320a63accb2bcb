// Asks for a signed-in screen's first calls while the app's code is still on its way (issue 24,
// docs/decisions/0016): the server names them (data-calls: path and sorted query, no token), this
// adds the session's token and keeps each answer's promise for the app's API client, which uses
// it once (src/shared/api/firstAnswers.ts). A file, as the pages' CSP allows no inline script.
(() => {
  const me = document.currentScript;
  let token;
  try {
    token = JSON.parse(localStorage.getItem('shop.session') || '{}').token;
  } catch {
    return;
  }
  if (!me || !token) return;
  const headers = { apptype: 'h5', appversion: '1.0', language: document.documentElement.dataset.language || 'en-US' };
  const answers = {};
  for (const key of (me.dataset.calls || '').split(' ').filter(Boolean)) {
    const url = new URL(key, location.origin);
    url.searchParams.set('token', token);
    answers[key] = fetch(url, { headers }).then((response) => response.json());
  }
  window.shopEarlyAnswers = answers;
})();

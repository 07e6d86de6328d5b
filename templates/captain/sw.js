{% comment %}The captain page's service worker (``views.offline.service_worker``, scope /t/). Workbox
from this project's static files. A table's page and its catalogue: the network first, the copy
kept here when there is none, so that a page reopened without a connection shows the table, its
players and (from IndexedDB) every hand typed on this phone. Static files: the copy kept, renewed
in the background; Pyodide and the engine's zip (versioned addresses): kept for good. A hand saved
while the server cannot be reached: the page's own address again, where the page sends what it
kept once the server answers. A hand's confirmation page that cannot be reached: the table's
page, where the opponents confirm on the phone (?confirm=N). A page shown from the copy kept
here is marked (body[data-page-copy]) for its round clock.{% endcomment %}importScripts("{{ workbox|escapejs }}workbox-sw.js");
workbox.setConfig({ modulePathPrefix: "{{ workbox|escapejs }}", debug: false });

const PAGES = "tichu-captain-pages";
const STATIC = "tichu-captain-static";
const ENGINE = "tichu-captain-engine";
const STATIC_URL = "{{ static_url|escapejs }}";
const TABLE_PAGE = /^\/t\/[A-Za-z0-9]{1,64}\/$/;
const TABLE_DATA = /^\/t\/[A-Za-z0-9]{1,64}\/offline\.json$/;
const CONFIRM_PAGE = /^\/t\/([A-Za-z0-9]{1,64})\/hands\/([0-9]{1,3})\/confirm\/$/;
const ENGINE_ZIP = /^\/t\/engine-[0-9a-f]{16}\.zip$/;

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

const { registerRoute } = workbox.routing;
const { NetworkFirst, NetworkOnly, CacheFirst, StaleWhileRevalidate } = workbox.strategies;

/* A page shown from the copy kept here says so (body[data-page-copy]): its round clock counts on
   from when the server counted it, not from now (static/js/clock.js). */
const markCopy = {
  cachedResponseWillBeUsed: async ({ cachedResponse }) => {
    if (!cachedResponse) return cachedResponse;
    const page = (await cachedResponse.text()).replace("<body", "<body data-page-copy");
    return new Response(page, { status: cachedResponse.status, headers: cachedResponse.headers });
  },
};
/* A table's page is kept once, whatever its address's query (?confirm=N, a form's leftovers),
   but once per hand where it names one (?hand=N): in a game that seats its players anew each
   hand, that page's form is the hand's own. A hand's page never kept: the table's. */
const byHand = {
  cacheKeyWillBeUsed: async ({ request }) => {
    const url = new URL(request.url);
    const hand = url.searchParams.get("hand");
    return url.origin + url.pathname + (hand && /^[0-9]{1,3}$/.test(hand) ? `?hand=${hand}` : "");
  },
  handlerDidError: async ({ request }) => {
    const table = await caches.match(new URL(request.url).pathname, { cacheName: PAGES, ignoreVary: true });
    return markCopy.cachedResponseWillBeUsed({ cachedResponse: table });
  },
};
/* The form's answer (the page the server sends the captain to once it took a hand: ?recorded=N)
   is waited for up to 30 s, not 6: the server is there, only slow, and a copy shown in its
   place would lose its "Hand N is recorded". The copy still comes when the network fails. */
for (const [answer, seconds] of [[true, 30], [false, 6]]) {
  registerRoute(
    ({ url, request }) => request.mode === "navigate" && TABLE_PAGE.test(url.pathname)
      && url.searchParams.has("recorded") === answer,
    new NetworkFirst({
      cacheName: PAGES, networkTimeoutSeconds: seconds, plugins: [byHand, markCopy],
      matchOptions: { ignoreVary: true },
    })
  );
}
registerRoute(
  ({ url }) => TABLE_DATA.test(url.pathname),
  new NetworkFirst({ cacheName: PAGES, networkTimeoutSeconds: 6, matchOptions: { ignoreVary: true } })
);
registerRoute(
  ({ url, request }) => request.mode === "navigate" && TABLE_PAGE.test(url.pathname),
  new NetworkOnly({
    networkTimeoutSeconds: 10, // a wifi without an uplink may leave the request hanging
    plugins: [{ handlerDidError: async ({ request }) => Response.redirect(new URL(request.url).pathname, 303) }],
  }),
  "POST"
);
/* The opponents' confirmation of a hand (its own page) while the server cannot be reached: the
   table's page kept here, which lets the opponents confirm on the phone (?confirm=N). */
for (const method of ["GET", "POST"]) {
  registerRoute(
    ({ url, request }) => request.mode === "navigate" && CONFIRM_PAGE.test(url.pathname),
    new NetworkOnly({
      networkTimeoutSeconds: 10,
      plugins: [{
        handlerDidError: async ({ request }) => {
          const [, table, number] = new URL(request.url).pathname.match(CONFIRM_PAGE);
          return Response.redirect(`/t/${table}/?confirm=${number}`, 303);
        },
      }],
    }),
    method
  );
}
registerRoute(
  ({ url }) => ENGINE_ZIP.test(url.pathname) || url.pathname.startsWith(STATIC_URL + "vendor/pyodide/"),
  new CacheFirst({ cacheName: ENGINE })
);
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname.startsWith(STATIC_URL),
  new StaleWhileRevalidate({ cacheName: STATIC })
);

{% comment %}The captain page's service worker (``views.offline.service_worker``, scope /t/). Workbox
from this project's static files. A table's page and its catalogue: the network first, the copy
kept here when there is none, so that a page reopened without a connection shows the table, its
players and (from IndexedDB) every hand typed on this phone. Static files: the copy kept, renewed
in the background; Pyodide and the engine's zip (versioned addresses): kept for good. A hand saved
while the server cannot be reached: the page's own address again, where the page sends what it
kept once the server answers.{% endcomment %}importScripts("{{ workbox|escapejs }}workbox-sw.js");
workbox.setConfig({ modulePathPrefix: "{{ workbox|escapejs }}", debug: false });

const PAGES = "tichu-captain-pages";
const STATIC = "tichu-captain-static";
const ENGINE = "tichu-captain-engine";
const STATIC_URL = "{{ static_url|escapejs }}";
const TABLE_PAGE = /^\/t\/[A-Za-z0-9]{1,64}\/$/;
const TABLE_DATA = /^\/t\/[A-Za-z0-9]{1,64}\/offline\.json$/;
const ENGINE_ZIP = /^\/t\/engine-[0-9a-f]{16}\.zip$/;

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

const { registerRoute } = workbox.routing;
const { NetworkFirst, NetworkOnly, CacheFirst, StaleWhileRevalidate } = workbox.strategies;

registerRoute(
  ({ url, request }) => request.mode === "navigate" && TABLE_PAGE.test(url.pathname),
  new NetworkFirst({ cacheName: PAGES, networkTimeoutSeconds: 6, matchOptions: { ignoreSearch: true, ignoreVary: true } })
);
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
registerRoute(
  ({ url }) => ENGINE_ZIP.test(url.pathname) || url.pathname.startsWith(STATIC_URL + "vendor/pyodide/"),
  new CacheFirst({ cacheName: ENGINE })
);
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname.startsWith(STATIC_URL),
  new StaleWhileRevalidate({ cacheName: STATIC })
);

// sw.js — the service worker (registered by js/app.js; scope: the whole site) that makes ippon an
// installable app that opens without the network: the static files (the page, its styles and
// modules, the vendored modules, icons and manifest) are kept in a cache named after VERSION.
// Each is asked of the server first and the answer stored (network first); only when the server
// cannot be reached, or answers with an error, does the cached copy serve. So a new release
// reaches the player on the next load, whole: a page never mixes cached modules of one release
// with fresh ones of the next (ES modules import each other by name, and an export that moved
// would break the page). The shell (SHELL) is cached when the worker installs. A new VERSION
// takes over cleanly: it installs its own cache, takes over the open pages at once, and deletes
// every older ippon cache.
// The game's and the server's own paths — /api/ (REST), /ws (the game socket), /mjai, /metrics —
// and every request that is not a GET of this origin are never answered or stored here: the
// browser sends them to the server as if there were no worker.
const VERSION = 'ippon-static-3';
const CACHE_PREFIX = 'ippon-static-';
const SHELL = ['/', '/style.css', '/table.css', '/compact.css', '/learn.css', '/result.css', '/events.css', '/js/app.js', '/manifest.webmanifest', '/favicon.svg',
  '/icons/icon.svg', '/icons/icon-192.png', '/icons/icon-512.png', '/icons/icon-maskable-512.png'];
const SERVER_PATHS = /^\/(api|ws|mjai|metrics)(\/|$|\?)/;

/** whether the worker answers this request: a GET of a static file of this origin */
function isStatic(request) {
  if (request.method !== 'GET') return false;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return false;
  return !SERVER_PATHS.test(url.pathname) && !request.headers.has('range');
}

/** the cache's key: the file, without a query string or the page's #/route */
function keyOf(request) {
  const url = new URL(request.url);
  return url.origin + url.pathname;
}

/** a fresh copy from the server, stored when it is a whole, successful answer */
async function refresh(cache, request) {
  const response = await fetch(request);
  if (response.ok && response.status === 200 && response.type === 'basic')
    await cache.put(keyOf(request), response.clone());
  return response;
}

async function answer(event) {
  const cache = await caches.open(VERSION);
  try {
    const fresh = await refresh(cache, event.request);
    if (fresh.ok) return fresh;
    return (await cache.match(keyOf(event.request))) || fresh; // the server's error, unless a copy will do
  } catch (offline) {
    const cached = await cache.match(keyOf(event.request));
    if (cached) return cached;
    throw offline;
  }
}

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(VERSION).then((cache) => cache.addAll(SHELL)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(caches.keys()
    .then((names) => Promise.all(names.filter((n) => n.startsWith(CACHE_PREFIX) && n !== VERSION).map((n) => caches.delete(n))))
    .then(() => self.clients.claim()));
});

self.addEventListener('fetch', (event) => {
  if (isStatic(event.request)) event.respondWith(answer(event));
});

// The site's service worker, written by `sheetgen build` after the four lines above. VERSION names
// this build's copy of the site, by the names and bytes of its files. Every cache is named after the
// worker's scope too (the site's folder, as a URL), so sites on one origin (/a/ and /b/, as project
// sites on a static host are) and each language's folder (with its own CACHE_PREFIX) keep copies of
// their own: once active, a worker drops only older copies of its own scope. Every file in
// PAGES must be kept (the pages, previews, the app's own files), DOWNLOADS (the PDFs) when they can be.
// Online, every request goes to the network first and refreshes the copy; offline, the copy answers.
// Plain JavaScript, no build step.

// A space cannot occur in a URL, so no scope's names begin with another's (/a/ and /a/fr/).
const OWN = `${CACHE_PREFIX}${self.registration.scope} `;
const CACHE = OWN + VERSION;

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      await cache.addAll(PAGES.map((url) => new Request(url, { cache: "reload" })));
      await Promise.allSettled(DOWNLOADS.map((url) => cache.add(new Request(url, { cache: "reload" }))));
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(OWN) && name !== CACHE) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

async function answer(request) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(request, response.clone());
    return response;
  } catch (error) {
    const kept = await cache.match(request, { ignoreSearch: true });
    if (kept) return kept;
    throw error;
  }
}

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || url.origin !== self.location.origin) return;
  event.respondWith(answer(event.request));
});

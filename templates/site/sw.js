// The site's service worker, written by `sheetgen build` after the four lines above. CACHE names
// this build's copy (older copies, under CACHE_PREFIX, are dropped once it is active; each language
// folder's worker has a prefix of its own); every file in
// PAGES must be kept (the pages, previews, the app's own files), DOWNLOADS (the PDFs) when they can be.
// Online, every request goes to the network first and refreshes the copy; offline, the copy answers.
// Plain JavaScript, no build step.

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
        // Another language's copy (CACHE_PREFIX, its tag, "-", its version) is not this one's to drop.
        const older = name.startsWith(CACHE_PREFIX) && !name.slice(CACHE_PREFIX.length).includes("-");
        if (older && name !== CACHE) await caches.delete(name);
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

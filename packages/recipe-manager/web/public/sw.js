// Offline reading: the app's files and every recipe already opened are kept in a cache and served from
// it when the network fails. Reads go to the network first, so a connected device always sees fresh data.
const CACHE = 'recipes-v1'

/** The document and the script and style files it names (their names change with every build). */
async function keepApp() {
  const cache = await caches.open(CACHE)
  const page = await fetch('/')
  const html = await page.clone().text()
  const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((match) => match[1])
  await cache.put('/', page)
  await cache.addAll(['/manifest.webmanifest', '/icon.svg', ...assets])
}

self.addEventListener('install', (event) => {
  event.waitUntil(keepApp())
  self.skipWaiting()
})

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  )
})

/** Network first; a good answer is kept, a failed request falls back to what was kept. */
async function networkFirst(request, cacheKey) {
  const cache = await caches.open(CACHE)
  try {
    const response = await fetch(request)
    if (response.ok) await cache.put(cacheKey, response.clone())
    return response
  } catch (error) {
    const kept = await cache.match(cacheKey)
    if (kept) return kept
    throw error
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event
  if (request.method !== 'GET') return
  const url = new URL(request.url)
  if (url.origin !== self.location.origin) return
  // Every page of the app is the same document: keep one copy, under '/'.
  if (request.mode === 'navigate') return event.respondWith(networkFirst(request, '/'))
  if (url.pathname.startsWith('/assets/') || url.pathname.startsWith('/api/recipes/')) {
    return event.respondWith(networkFirst(request, request))
  }
})

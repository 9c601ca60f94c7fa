import type sharpDefault from 'sharp'

/*
 * sharp (libvips), loaded by the first image operation, not by every instance at start (about 30 MB of memory), and
 * set up so that image work never takes the event loop's core (README.md "Renditions"; bench/README.md "Images"):
 * - Every sharp call (metadata, decode, resize, encode) runs on the libuv thread pool, never on the main thread; the
 *   callers only await it.
 * - `concurrency(1)`: libvips gives one image one thread. Parallelism comes from the number of images in work at
 *   once, which ImageSlots bounds to ATRIUM_IMAGE_CONCURRENCY (default: the number of cores). Together image work
 *   holds at most one thread a core, and the event loop keeps its share: bench/README.md "Images" measured a post by
 *   slug at p99 9 ms beside 50 cold crops on two cores (6 ms with ATRIUM_IMAGE_CONCURRENCY=1). With libvips' default
 *   (a thread per core for each image) two images on two cores already ran four threads and starved the event loop.
 * - `cache(false)`: every image is decoded once and never again; libvips' operation cache would only hold memory.
 */

export type SharpLib = typeof sharpDefault

let loaded: Promise<SharpLib> | undefined

export function loadSharp(): Promise<SharpLib> {
  loaded ??= import('sharp').then((m) => {
    const sharp: SharpLib = m.default
    sharp.cache(false)
    sharp.concurrency(1)
    return sharp
  })
  return loaded
}

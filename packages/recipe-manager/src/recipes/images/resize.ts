import { createHash } from 'node:crypto'
import type { Metadata, default as Sharp } from 'sharp'

/**
 * What is stored of an uploaded image: the full image at most FULL_SIZE px on its longer side and a
 * THUMBNAIL_SIZE px square crop, both WebP, named by a hash of the full image. A WebP that already fits
 * is kept byte for byte, so an exported image imported again is the same image (same hash).
 */
export const FULL_SIZE = 1200
export const THUMBNAIL_SIZE = 400
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024
/** Decoding is refused above this many pixels (a small file can claim a huge canvas). */
const MAX_INPUT_PIXELS = 50_000_000
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff'])

let loading: Promise<typeof Sharp> | undefined

/**
 * sharp (and libvips, about 19 MiB resident) is loaded on the first image, not at start: most processes
 * never resize one. One image at a time and no decoded-image cache keep memory flat while resizing.
 */
async function loadSharp() {
  loading ??= import('sharp').then(({ default: sharp }) => {
    sharp.concurrency(1)
    sharp.cache(false)
    return sharp
  })
  return loading
}

export interface ResizedImage {
  hash: string
  full: Buffer
  thumbnail: Buffer
  width: number
  height: number
}

/** Why bytes are not an image this service stores; the message is meant for the client. */
export class UnreadableImageError extends Error {
  constructor(
    message: string,
    readonly code: 'image_unreadable' | 'image_too_large' = 'image_unreadable',
  ) {
    super(message)
  }
}

export async function resizeImage(bytes: Uint8Array): Promise<ResizedImage> {
  const sharp = await loadSharp()
  const input = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  let metadata: Metadata
  try {
    metadata = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()
  } catch {
    throw new UnreadableImageError('image is not a JPEG, PNG, WebP, GIF, AVIF, HEIF or TIFF image')
  }
  if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format) || !metadata.width || !metadata.height) {
    throw new UnreadableImageError('image is not a JPEG, PNG, WebP, GIF, AVIF, HEIF or TIFF image')
  }
  if (metadata.width * metadata.height > MAX_INPUT_PIXELS) {
    throw new UnreadableImageError(`image has more than ${MAX_INPUT_PIXELS} pixels`, 'image_too_large')
  }
  try {
    const fits =
      metadata.format === 'webp' &&
      (metadata.pages ?? 1) === 1 &&
      (metadata.orientation ?? 1) === 1 &&
      Math.max(metadata.width, metadata.height) <= FULL_SIZE
    const full = fits
      ? { data: input, info: { width: metadata.width, height: metadata.height } }
      : await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
          .rotate()
          .resize({ width: FULL_SIZE, height: FULL_SIZE, fit: 'inside', withoutEnlargement: true })
          .webp({ quality: 80 })
          .toBuffer({ resolveWithObject: true })
    const thumbnail = await sharp(full.data)
      .resize({ width: THUMBNAIL_SIZE, height: THUMBNAIL_SIZE, fit: 'cover' })
      .webp({ quality: 75 })
      .toBuffer()
    return {
      hash: createHash('sha256').update(full.data).digest('hex').slice(0, 20),
      full: Buffer.from(full.data),
      thumbnail,
      width: full.info.width,
      height: full.info.height,
    }
  } catch {
    throw new UnreadableImageError('image could not be decoded')
  }
}

import { imageSize } from 'image-size';
import { MESSAGES, PICTURE_MAX_PIXELS } from '@fleet/contract';
import { AppError } from './errors.ts';

/*
 * The size of a picture in pixels, read from its header without decoding it (image-size: JPEG, PNG,
 * WebP and HEIC alike; sharp's bundled libvips cannot read HEIC). Every picture the product takes
 * (record pictures, task photos, driver files that are images) is refused above PICTURE_MAX_PIXELS,
 * so none is stored that would take gigabytes to show: a browser decodes what it is given, and the
 * thumbnails would fail on it and leave the original to be shown instead.
 */

/** A picture's width and height, or null when its header does not say (a damaged file). */
export function pictureSize(data: Uint8Array): { width: number; height: number } | null {
  try {
    const { width, height } = imageSize(data);
    return width > 0 && height > 0 ? { width, height } : null;
  } catch {
    return null;
  }
}

/**
 * A 400 naming `field` when the picture has more than PICTURE_MAX_PIXELS. A picture whose header
 * gives no size passes: a browser cannot show it either.
 */
export function assertPictureSize(field: string, data: Uint8Array): void {
  const size = pictureSize(data);
  if (size && size.width * size.height > PICTURE_MAX_PIXELS) {
    throw AppError.field(
      field,
      MESSAGES.files.tooManyPixels(size.width, size.height, PICTURE_MAX_PIXELS / 1_000_000),
    );
  }
}

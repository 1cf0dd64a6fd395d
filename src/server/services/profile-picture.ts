import {
  PICTURE_MAX_BYTES,
  PICTURE_NOT_AN_IMAGE,
  PICTURE_TOO_LARGE,
  PICTURE_UNREADABLE,
  pictureKind,
} from '@vigil/domain/profile'
import sharp from 'sharp'
import { Failure } from '../errors.ts'

// A profile picture is never served as it came: its kind is read from its bytes, then it is decoded and encoded
// again (sharp: first frame only, orientation applied, metadata such as GPS dropped, a decompression bomb refused
// by its pixel count), as a 256 px square WebP.

export const PICTURE_SIZE = 256

export const reencodePicture = async (bytes: Buffer): Promise<{ contentType: 'image/webp'; bytes: Buffer }> => {
  if (bytes.length > PICTURE_MAX_BYTES) throw new Failure('too_large', PICTURE_TOO_LARGE)
  if (!pictureKind(bytes)) throw new Failure('unsupported_media', PICTURE_NOT_AN_IMAGE)
  try {
    const out = await sharp(bytes, { pages: 1, limitInputPixels: 40_000_000, failOn: 'error' })
      .rotate()
      .resize(PICTURE_SIZE, PICTURE_SIZE, { fit: 'cover' })
      .webp({ quality: 85 })
      .toBuffer()
    return { contentType: 'image/webp', bytes: out }
  } catch {
    throw new Failure('invalid', PICTURE_UNREADABLE)
  }
}

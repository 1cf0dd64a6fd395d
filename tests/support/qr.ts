import jsQR from 'jsqr'

// Reads a QR code as a phone's camera would, with jsQR: from RGBA pixels (a screenshot), or from the SVG path the
// server sends (drawn here into pixels, `scale` per module, black on white).

export const readQrPixels = (rgba: Uint8ClampedArray, width: number, height: number): string | null =>
  jsQR(rgba, width, height)?.data ?? null

export const readQrPath = ({ size, path }: { size: number; path: string }, scale = 4): string | null => {
  const width = size * scale
  const pixels = new Uint8ClampedArray(width * width * 4).fill(255)
  for (const [, x, y, run] of path.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
    for (let dy = 0; dy < scale; dy++)
      for (let dx = 0; dx < Number(run) * scale; dx++) {
        const at = ((Number(y) * scale + dy) * width + Number(x) * scale + dx) * 4
        pixels.fill(0, at, at + 3)
      }
  }
  return readQrPixels(pixels, width, width)
}

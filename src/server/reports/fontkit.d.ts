// The part of fontkit (the font reader pdfkit embeds fonts with) that the report's fonts use; it ships no types.
declare module 'fontkit' {
  export interface Font {
    unitsPerEm: number
    /** The ascender, in font units. */
    ascent: number
    hasGlyphForCodePoint(codePoint: number): boolean
  }
  export function create(buffer: Uint8Array): Font
}

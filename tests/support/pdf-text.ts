import { getDocumentProxy } from 'unpdf'

// The text of a PDF, page by page, as pdf.js reads it: what a person copying from the file would get. For tests that
// check a PDF says what it should (the report's numbers), not how it looks.

/** Each page's text, its runs one per line. */
export const pdfText = async (pdf: Uint8Array): Promise<string[]> => {
  // pdf.js takes the bytes over: a copy leaves the caller's buffer whole.
  const document = await getDocumentProxy(new Uint8Array(pdf))
  try {
    const pages: string[] = []
    for (let n = 1; n <= document.numPages; n++) {
      const page = await document.getPage(n)
      const { items } = await page.getTextContent()
      const runs = items.flatMap((item) => ('str' in item && item.str.trim() !== '' ? [item.str] : []))
      pages.push(runs.join('\n'))
    }
    return pages
  } finally {
    await document.destroy()
  }
}

/**
 * Each page's lines: the runs on one baseline joined left to right, so that a line drawn in several fonts (a name in
 * Latin and Chinese) reads as one text, as it does on the page.
 */
export const pdfLines = async (pdf: Uint8Array): Promise<string[][]> => {
  const document = await getDocumentProxy(new Uint8Array(pdf))
  try {
    const pages: string[][] = []
    for (let n = 1; n <= document.numPages; n++) {
      const page = await document.getPage(n)
      const { items } = await page.getTextContent()
      const lines = new Map<number, { x: number; str: string }[]>()
      for (const item of items) {
        if (!('str' in item) || item.str === '') continue
        const [, , , , x = 0, y = 0] = item.transform as number[]
        const key = Math.round(y * 10) / 10
        lines.set(key, [...(lines.get(key) ?? []), { x, str: item.str }])
      }
      pages.push(
        [...lines.entries()]
          .sort(([a], [b]) => b - a)
          .map(([, runs]) =>
            runs
              .sort((a, b) => a.x - b.x)
              .map((r) => r.str)
              .join(''),
          ),
      )
    }
    return pages
  } finally {
    await document.destroy()
  }
}

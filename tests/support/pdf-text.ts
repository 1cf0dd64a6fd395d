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

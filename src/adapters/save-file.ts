// The browser's side of a download made by a call (a POST's answer, which no link can ask for): the file handed to
// the browser's downloads under its name, as a link with `download` would.

/** Saves a file the app holds, then lets go of its address. */
export const saveFile = ({ name, content }: { name: string; content: Blob }) => {
  const url = URL.createObjectURL(content)
  const link = document.createElement('a')
  link.href = url
  link.download = name
  link.hidden = true
  document.body.append(link)
  link.click()
  link.remove()
  // The download has started from the click; the address is kept a moment for browsers that read it later.
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
}

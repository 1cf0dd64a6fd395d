// Minimal stand-ins for browser APIs that jsdom lacks and Ark UI / zag use. Imported by each component test file
// (not a global vitest setup), after `// @vitest-environment jsdom`.
import { cleanup, configure } from '@testing-library/react'
import { afterAll, afterEach } from 'vitest'

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}

class IntersectionObserverStub {
  readonly root = null
  readonly rootMargin = '0px'
  readonly thresholds = [0]
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return []
  }
}

// Dialogs and pages load lazily: under a busy 2-core CI run their first import can take more than the default
// second. findBy* and waitFor wait up to 5 s; what should appear at once still appears at once.
configure({ asyncUtilTimeout: 5000 })

const g = globalThis as Record<string, unknown>
if (!g.ResizeObserver) g.ResizeObserver = ResizeObserverStub
if (!g.IntersectionObserver) g.IntersectionObserver = IntersectionObserverStub

if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener() {},
      removeListener() {},
      addEventListener() {},
      removeEventListener() {},
      dispatchEvent: () => false,
    }) as MediaQueryList
}

const proto = Element.prototype as Element & Record<string, unknown>
if (!proto.scrollIntoView) proto.scrollIntoView = () => {}
if (!proto.hasPointerCapture) proto.hasPointerCapture = () => false
if (!proto.setPointerCapture) proto.setPointerCapture = () => {}
if (!proto.releasePointerCapture) proto.releasePointerCapture = () => {}

// jsdom has no layout, so every element reports no client rects and zag's focus helpers (focus trap, initial focus)
// treat everything as invisible. Report one rect for connected elements that are not hidden.
const rendered = (el: Element) => {
  for (let node: Element | null = el; node; node = node.parentElement) {
    if (node.hasAttribute('hidden') || (node instanceof HTMLElement && node.style.display === 'none')) return false
  }
  return el.isConnected
}
const rect = { x: 0, y: 0, width: 1, height: 1, top: 0, left: 0, right: 1, bottom: 1, toJSON: () => ({}) }
Element.prototype.getClientRects = function getClientRects(this: Element) {
  return (rendered(this) ? [rect] : []) as unknown as DOMRectList
}

// In a browser the time handed to requestAnimationFrame callbacks is on the performance.now() timeline; jsdom's is
// not, and zag's rAF timers (toast durations) compare the two. Use a frame timer that passes performance.now().
// Pending frames are cancelled when the file's tests end: a frame that fired after jsdom was torn down would
// find no requestAnimationFrame and throw into the next file's run.
const pendingFrames = new Set<number>()
window.requestAnimationFrame = (callback) => {
  const handle = window.setTimeout(() => {
    pendingFrames.delete(handle)
    callback(performance.now())
  }, 16)
  pendingFrames.add(handle)
  return handle
}
window.cancelAnimationFrame = (handle) => {
  pendingFrames.delete(handle)
  window.clearTimeout(handle)
}
afterAll(() => {
  for (const handle of pendingFrames) window.clearTimeout(handle)
  pendingFrames.clear()
})

// jsdom prints "Not implemented: window.scrollTo" when the dialog's scroll lock calls it.
window.scrollTo = () => {}

// Testing Library only cleans up by itself when vitest globals are on; they are not in this project.
afterEach(() => cleanup())

/**
 * A min-heap of entries by due time: the scheduler's queue. Push and pop are O(log n), so the next due check
 * is found without a timer per monitor or a sweep over all of them.
 */
export class DueQueue<T extends { due: number }> {
  private readonly heap: T[] = []

  get size(): number {
    return this.heap.length
  }

  peek(): T | undefined {
    return this.heap[0]
  }

  push(entry: T): void {
    const heap = this.heap
    heap.push(entry)
    let i = heap.length - 1
    while (i > 0) {
      const parent = (i - 1) >> 1
      if ((heap[parent] as T).due <= entry.due) break
      heap[i] = heap[parent] as T
      i = parent
    }
    heap[i] = entry
  }

  pop(): T | undefined {
    const heap = this.heap
    const top = heap[0]
    const last = heap.pop()
    if (heap.length === 0 || last === undefined) return top
    let i = 0
    for (;;) {
      const left = 2 * i + 1
      if (left >= heap.length) break
      const right = left + 1
      const child = right < heap.length && (heap[right] as T).due < (heap[left] as T).due ? right : left
      if ((heap[child] as T).due >= last.due) break
      heap[i] = heap[child] as T
      i = child
    }
    heap[i] = last
    return top
  }

  /** Removes and returns every entry. */
  drain(): T[] {
    return this.heap.splice(0)
  }
}

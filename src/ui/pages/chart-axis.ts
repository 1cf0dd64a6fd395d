import type uPlot from 'uplot'

/**
 * A y axis's width that fits its widest label (uPlot's `size` as a function): labels such as "1000 ms" or "100.00 %"
 * are measured in the axis's own font, plus the ticks and the gap, so none is cut at the chart's left edge.
 */
export const fitAxisSize = (self: uPlot, values: string[] | null, axisIdx: number): number => {
  const axis = self.axes[axisIdx]
  const font = Array.isArray(axis?.font) ? axis.font[0] : undefined
  if (font) self.ctx.font = String(font)
  const widest = Math.max(0, ...(values ?? []).map((v) => self.ctx.measureText(v).width))
  // uPlot's defaults: ticks 10 px, gap 5 px; measured in device pixels.
  return Math.ceil(widest / devicePixelRatio) + 10 + 5 + 4
}

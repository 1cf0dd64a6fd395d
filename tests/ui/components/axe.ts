import axe from 'axe-core'

// Runs axe-core on a rendered tree and lists the serious and critical violations. Colour contrast needs layout and
// computed colours, which jsdom does not have, so that rule is off.
export async function seriousViolations(root: Element): Promise<string[]> {
  const results = await axe.run(root, { rules: { 'color-contrast': { enabled: false } } })
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)
}

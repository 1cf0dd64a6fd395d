import { Activity } from 'lucide-react'
import { Button } from '../../components/button.tsx'

/** A resource row's "Monitor this": opens the monitor form filled in for it (its label names the resource). */
export function MonitorThisButton({ name, onClick }: { name: string; onClick: () => void }) {
  return (
    <Button size="sm" variant="outline" onClick={onClick} aria-label={`Monitor this: ${name}`}>
      <Activity aria-hidden="true" /> Monitor this
    </Button>
  )
}

import { Portal } from '@ark-ui/react/portal'
import type { Monitor } from '@vigil/domain/monitor.schema'
import { Copy, Ellipsis, Pause, Pencil, Play, Trash2 } from 'lucide-react'
import { css } from '../../../../../styled-system/css'
import { Button } from '../../../components/button.tsx'
import * as Menu from '../../../components/menu.tsx'

// A row's actions in little room: Edit as a button, the rest (pause or resume, duplicate, delete) in a menu beside
// it, so every action stays in sight at any width. The menu's parts mount when it first opens: a page of a hundred
// rows keeps a hundred buttons, not a hundred menus. The menu is drawn at the end of the page (a portal): the table's
// region is a size container that scrolls, which would hold and clip it.

const item = css({ display: 'flex', alignItems: 'center', gap: '2', '& svg': { w: '4', h: '4' } })

/** What can be done to a row's monitor, and which one waits for an action. */
export interface RowActions {
  pause(monitor: Monitor): void
  resume(monitor: Monitor): void
  edit(monitor: Monitor): void
  /** Opens the form of a new monitor with this one's settings. */
  duplicate(monitor: Monitor): void
  remove(monitor: Monitor): void
  /** The monitor an action is running on: its buttons wait. */
  busyId: string | null
}

export function RowActionsCell({ monitor: m, actions }: { monitor: Monitor; actions: RowActions }) {
  const busy = actions.busyId === m.id
  return (
    <div className={css({ display: 'flex', gap: '1', justifyContent: 'flex-end' })}>
      <Button
        size="sm"
        variant="ghost"
        disabled={busy}
        aria-label={`Edit ${m.name}`}
        title={`Edit ${m.name}`}
        onClick={() => actions.edit(m)}
      >
        <Pencil aria-hidden="true" />
      </Button>
      <Menu.Root
        lazyMount
        unmountOnExit
        positioning={{ placement: 'bottom-end' }}
        onSelect={({ value }) => {
          if (value === 'pause') actions.pause(m)
          if (value === 'resume') actions.resume(m)
          if (value === 'duplicate') actions.duplicate(m)
          if (value === 'delete') actions.remove(m)
        }}
      >
        <Menu.Trigger asChild>
          <Button
            size="sm"
            variant="ghost"
            disabled={busy}
            aria-label={`More actions for ${m.name}`}
            title={`More actions for ${m.name}`}
          >
            <Ellipsis aria-hidden="true" />
          </Button>
        </Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content>
              {m.paused ? (
                <Menu.Item value="resume" className={item}>
                  <Play aria-hidden="true" /> Resume
                </Menu.Item>
              ) : (
                <Menu.Item value="pause" className={item}>
                  <Pause aria-hidden="true" /> Pause
                </Menu.Item>
              )}
              <Menu.Item value="duplicate" className={item}>
                <Copy aria-hidden="true" /> Duplicate
              </Menu.Item>
              <Menu.Separator />
              <Menu.Item value="delete" className={`${item} ${css({ color: 'red.700' })}`}>
                <Trash2 aria-hidden="true" /> Delete
              </Menu.Item>
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
    </div>
  )
}

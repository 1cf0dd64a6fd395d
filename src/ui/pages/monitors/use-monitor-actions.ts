import { useActorRef, useSelector } from '../../app/actor-hooks.ts'
import { useMemo, useRef } from 'react'
import { monitorActionsLogic } from '../../../adapters/monitor-flows.actors.ts'
import { monitorsApi } from '../../../adapters/monitors-api.ts'
import type { Monitor } from '@vigil/domain/monitor.schema'
import { useEffects } from '../../app/effects.ts'

/**
 * The pause / resume / delete / check-now flow of one page. `on` tells the page's own flow what changed;
 * it may change between renders (the latest is called).
 */
export function useMonitorActions(on: { changed(monitor: Monitor): void; removed(monitor: Monitor): void }) {
  const fx = useEffects()
  const latest = useRef(on)
  latest.current = on
  const logic = useMemo(
    () =>
      monitorActionsLogic(monitorsApi, fx, {
        changed: (m) => latest.current.changed(m),
        removed: (m) => latest.current.removed(m),
      }),
    [fx],
  )
  const actions = useActorRef(logic)
  const busyId = useSelector(actions, (s) => (s.matches('idle') ? null : (s.context.monitor?.id ?? null)))
  const confirming = useSelector(actions, (s) => s.matches('confirmingDelete') || s.matches('deleting'))
  const deleting = useSelector(actions, (s) => s.matches('deleting'))
  const name = useSelector(actions, (s) => (confirming ? (s.context.monitor?.name ?? null) : null))
  /** The delete confirmation's props: open while asked and while deleting, naming the monitor. */
  const deleteConfirm = {
    open: confirming,
    loading: deleting,
    deleted: name === null ? null : { kind: 'monitor', name },
    onConfirm: () => actions.send({ type: 'monitor.confirm' }),
    onCancel: () => actions.send({ type: 'monitor.cancel' }),
  }
  return { actions, busyId, deleteConfirm }
}

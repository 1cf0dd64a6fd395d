import { useActorRef as useXStateActorRef } from '@xstate/react'
import { inspectActors } from '../dev/running-actors.ts'

// The app's flows start here rather than from @xstate/react itself: in development every actor a page starts (and
// every actor it invokes) is watched, so /dev/machines can list it with its current state. The production build
// takes @xstate/react's hook as it is, and the watching code is left out of it.

const inspected = ((logic, options, listener) =>
  useXStateActorRef(logic, { ...options, inspect: inspectActors }, listener)) as typeof useXStateActorRef

export const useActorRef: typeof useXStateActorRef = import.meta.env.DEV ? inspected : useXStateActorRef

export { useSelector } from '@xstate/react'

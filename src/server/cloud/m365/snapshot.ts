import type { CloudSnapshot, CloudSyncOutcome } from '@vigil/domain/cloud-account'
import { M365_RESOURCE_KINDS, type M365CredentialsInput } from '@vigil/domain/m365'
import { issueState } from '@vigil/domain/m365-account'
import { snapshotPart } from '../azure/parts.ts'
import { type M365Sync, type M365SyncOptions, syncM365Tenant } from './tenant.ts'

// A Microsoft 365 sync as the server stores it: the parts `health` and `issues` (global to the tenant); each
// service (kind m365_service, state its Graph status) and each issue (kind m365_issue, state its classification
// while open, `resolved` after).

export const m365Snapshot = (sync: Extract<M365Sync, { ok: true }>): CloudSnapshot => ({
  parts: [snapshotPart('health', '', sync.health), snapshotPart('issues', '', sync.issues)],
  sets: [
    ...(sync.health.status === 'ok'
      ? [
          {
            kind: M365_RESOURCE_KINDS.service,
            scope: '',
            resources: sync.health.data.map((s) => ({ resource_id: s.id, name: s.name, state: s.status, data: s })),
          },
        ]
      : []),
    ...(sync.issues.status === 'ok'
      ? [
          {
            kind: M365_RESOURCE_KINDS.issue,
            scope: '',
            resources: sync.issues.data.map((i) => ({
              resource_id: i.id,
              name: i.title,
              state: issueState(i),
              data: i,
            })),
          },
        ]
      : []),
  ],
  costs: [],
})

/** One sync of a tenant: its services' health and its recent issues. */
export const syncM365Snapshot = async (
  credentials: M365CredentialsInput,
  options: Omit<M365SyncOptions, 'now'> & { now: number },
): Promise<CloudSyncOutcome> => {
  const sync = await syncM365Tenant(credentials, options)
  return sync.ok ? { ok: true, snapshot: m365Snapshot(sync) } : { ok: false, message: sync.message }
}

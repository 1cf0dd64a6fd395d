// Microsoft 365 tenants: verify the app's access to Graph's service communications, and sync service health.
export {
  type M365Options,
  type M365Problem,
  type M365Sync,
  type M365SyncOptions,
  type M365Verification,
  syncM365Tenant,
  verifyM365Tenant,
} from './tenant.ts'

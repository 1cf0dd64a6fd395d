import { fromPromise } from 'xstate'
import type { IntegrationList } from '@vigil/domain/integration.schema'
import { loadMachine } from '../machines/load.machine.ts'
import type { IntegrationsApi } from './integrations-api.ts'

// Apart from the integrations page's flows, so the monitor pages load only this.

/** The user's channels, read once: the monitor form's choices, the channels a monitor alerts. */
export const integrationChoicesLogic = (api: IntegrationsApi) =>
  loadMachine<IntegrationList>().provide({ actors: { fetch: fromPromise(() => api.integrations()) } })

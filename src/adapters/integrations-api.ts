import { Message } from '@vigil/domain/api-message'
import {
  CreatedIntegration,
  DeliveryPage,
  IntegrationList,
  type IntegrationType,
  OneDelivery,
  OneIntegration,
} from '@vigil/domain/integration.schema'
import { call } from './api.ts'

// The alert channels' calls of the API client, apart from api.ts so that their schemas load with the pages
// that use them. Every answer is parsed by a domain schema, as in api.ts.

/** Where "Add to Slack" goes: the server answers with a redirect to Slack, and Slack comes back to it. */
export const SLACK_INSTALL_PATH = '/api/integrations/slack/install'

const integrationPath = (id: string, action = '') => `integrations/${encodeURIComponent(id)}${action}`

export const integrationsApi = {
  /** The user's channels, and whether the operator set up "Add to Slack". */
  integrations: () => call(IntegrationList, 'integrations'),

  /** A new channel; a webhook's signing secret comes back whole this once. */
  createIntegration: (body: { type: IntegrationType } & Record<string, unknown>) =>
    call(CreatedIntegration, 'integrations', { method: 'POST', body }),

  /** Name, on/off and settings of its type; a secret left out stays as it was. */
  updateIntegration: (id: string, body: Record<string, unknown>) =>
    call(OneIntegration, integrationPath(id), { method: 'PATCH', body }).then((d) => d.integration),

  deleteIntegration: (id: string) => call(Message, integrationPath(id), { method: 'DELETE' }).then((d) => d.message),

  /** Sends a test message now; the delivery says whether the channel took it. */
  testIntegration: (id: string) =>
    call(OneDelivery, integrationPath(id, '/test'), { method: 'POST' }).then((d) => d.delivery),

  /** Newest first. */
  deliveries: (id: string, query: { page: number; limit: number }) =>
    call(DeliveryPage, integrationPath(id, '/deliveries'), { query }),
}
export type IntegrationsApi = typeof integrationsApi

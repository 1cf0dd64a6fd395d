import { fromPromise } from 'xstate'
import type { Integration } from '@vigil/domain/integration.schema'
import { deliveriesMachine } from '../machines/deliveries.machine.ts'
import { integrationFormMachine } from '../machines/integration-form.machine.ts'
import { integrationsMachine } from '../machines/integrations.machine.ts'
import { slackConnectedMachine } from '../machines/slack-connected.machine.ts'
import type { Effects } from './flows.actors.ts'
import type { IntegrationsApi } from './integrations-api.ts'

// The alert channels' flows with their effects: the integration calls of the API and the toaster.

/** The integrations page: the channels, on/off, test messages and removal. */
export const integrationsLogic = (api: IntegrationsApi, fx: Pick<Effects, 'toast'>) =>
  integrationsMachine.provide({
    actors: {
      fetchIntegrations: fromPromise(() => api.integrations()),
      setEnabled: fromPromise(({ input }) => api.updateIntegration(input.id, { enabled: input.enabled })),
      testIntegration: fromPromise(({ input }) => api.testIntegration(input.id)),
      deleteIntegration: fromPromise(({ input }) => api.deleteIntegration(input.id)),
    },
    actions: { notify: (_, { title, type }) => fx.toast({ title, type }) },
  })

/** The add and edit forms: POST a new channel, PATCH a change; `saved` hears of the stored channel. */
export const integrationFormLogic = (api: IntegrationsApi, saved: (integration: Integration | null) => void) =>
  integrationFormMachine.provide({
    actors: {
      save: fromPromise(async ({ input }) =>
        input.id === null
          ? // A new channel's body is IntegrationInput's output: its type is in it.
            api.createIntegration(input.body as Parameters<IntegrationsApi['createIntegration']>[0])
          : { integration: await api.updateIntegration(input.id, input.body) },
      ),
    },
    actions: { saved: (_, { saved: answer }) => saved(answer?.integration ?? null) },
  })

/** One channel's deliveries, a page at a time. */
export const deliveriesLogic = (api: IntegrationsApi) =>
  deliveriesMachine.provide({
    actors: {
      fetchDeliveries: fromPromise(({ input }) => api.deliveries(input.id, { page: input.page, limit: input.limit })),
    },
  })

/** The page "Add to Slack" comes back to. */
export const slackConnectedLogic = (api: IntegrationsApi) =>
  slackConnectedMachine.provide({
    actors: {
      fetchIntegrations: fromPromise(() => api.integrations()),
      testIntegration: fromPromise(({ input }) => api.testIntegration(input.id)),
    },
  })

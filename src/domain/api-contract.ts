import * as v from 'valibot'
import { Message } from './api-message.ts'
import { AuthResult, OneUser, Verified } from './auth.schema.ts'
import {
  AwsAccount,
  AwsAmplifyPage,
  AwsBillingPage,
  AwsEc2Page,
  AwsLightsailPage,
  AwsRdsPage,
  AwsServicesPage,
  OneAwsSetup,
} from './aws-account.ts'
import {
  AzureAccount,
  AzureBillingPage,
  AzureServicePage,
  AzureServicesPage,
  AzureSubscriptionsPage,
} from './azure-account.ts'
import { CheckoutLink, OneBillingOverview, PortalLink } from './billing.ts'
import { BlacklistCheck } from './check-details.ts'
import { OneMonitorStats, ResultPage } from './check-result.ts'
import { CloudAccountRemoved, cloudAccountAnswers } from './cloud-account.ts'
import { IncidentPage, OneIncidentDetail, OneIncidentEvent } from './incident.ts'
import { CreatedIntegration, DeliveryPage, IntegrationList, OneDelivery, OneIntegration } from './integration.schema.ts'
import { M365Tenant, M365TenantPage } from './m365-account.ts'
import { CheckedNow, OneMonitor, SavedMonitor } from './monitor.schema.ts'
import { BulkOutcome, MonitorPage } from './monitor-list-view.ts'
import { NotificationPage, NotificationsRead, OneNotification } from './notification.ts'
import { PlanList } from './plan.ts'
import { AccountDeleted, EmailChangeRequested, ProfileView } from './profile.ts'
import {
  OneReportSchedule,
  ReportScheduleList,
  ReportSendList,
  ReportSentNow,
  ReportView,
} from './report-view.schema.ts'
import { SecurityEventList } from './security-events.ts'
import { SessionEnded, SessionList, SessionsEnded } from './sessions.ts'
import {
  MaintenanceList,
  MarkdownPreview,
  OneMaintenance,
  OneStatusIncident,
  OneStatusPage,
  StatusIncidentList,
  StatusPageList,
} from './status-page.schema.ts'
import { PublicStatus } from './status-view.ts'
import { OneSubscription } from './subscription.ts'
import { OneTicket, TicketAnswer, TicketList } from './support.ts'
import { MonitorTagList, OneTag, TagList } from './tags.ts'
import { LoginOutcome, RecoveryCodesIssued, TwoFactorSetup, TwoFactorStatus } from './two-factor.ts'

// One contract: every route of the API that answers JSON, with the schema of its whole answer (`{ data }`). The schemas
// are the domain's, each beside its resource's other schemas; the browser's API client parses each answer with the same
// one (imported from its module, so that a page loads only its own), the server types what it builds with its type, and
// tests/server/api-contract.test.ts calls every route here and parses its answer, and fails on a route the app mounts
// that is in neither list below. Paths are as the server mounts them, parameters as `:name`.

/** A successful answer: `{ data }`. */
const answer = <S extends v.GenericSchema>(data: S) => v.object({ data })

/** `GET /api/health`, the one answer without `data`: what a load balancer asks. */
export const ApiHealth = v.object({ status: v.literal('ok') })
export type ApiHealth = v.InferOutput<typeof ApiHealth>

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
export type ApiRoute = `${Method} /api/${string}`

/** The routes every provider's accounts share, under `/api/{root}`, with the provider's account schema. */
const cloudAccountRoutes = (root: string, Account: v.GenericSchema): Record<ApiRoute, v.GenericSchema> => {
  const { AccountList, OneAccount, AccountTested } = cloudAccountAnswers(Account)
  return {
    [`GET /api/${root}/accounts`]: answer(AccountList),
    [`POST /api/${root}/accounts`]: answer(OneAccount),
    [`GET /api/${root}/accounts/:id`]: answer(OneAccount),
    [`PATCH /api/${root}/accounts/:id`]: answer(OneAccount),
    [`DELETE /api/${root}/accounts/:id`]: answer(CloudAccountRemoved),
    [`POST /api/${root}/accounts/:id/test`]: answer(AccountTested),
    [`POST /api/${root}/accounts/:id/sync`]: answer(OneAccount),
  }
}

export const API_CONTRACT: Record<ApiRoute, v.GenericSchema> = {
  'GET /api/health': ApiHealth,

  'POST /api/auth/register': answer(AuthResult),
  'POST /api/auth/login': answer(LoginOutcome),
  'POST /api/auth/login/two_factor': answer(AuthResult),
  'POST /api/auth/logout': answer(Message),
  'POST /api/auth/forgot_password': answer(Message),
  'POST /api/auth/reset_password': answer(Message),
  'GET /api/auth/verify': answer(Verified),
  'PUT /api/user/user_password_change/:userId': answer(Message),

  'POST /api/profile/email/confirm': answer(OneUser),
  'GET /api/profile': answer(ProfileView),
  'PATCH /api/profile': answer(OneUser),
  'PUT /api/profile/picture': answer(OneUser),
  'DELETE /api/profile/picture': answer(OneUser),
  'POST /api/profile/email': answer(EmailChangeRequested),
  'POST /api/profile/email/confirmation': answer(Message),
  'DELETE /api/profile': answer(AccountDeleted),

  'GET /api/sessions': answer(SessionList),
  'DELETE /api/sessions/others': answer(SessionsEnded),
  'DELETE /api/sessions/:id': answer(SessionEnded),

  'GET /api/security/two_factor': answer(TwoFactorStatus),
  'POST /api/security/two_factor/setup': answer(TwoFactorSetup),
  'POST /api/security/two_factor': answer(RecoveryCodesIssued),
  'DELETE /api/security/two_factor': answer(TwoFactorStatus),
  'POST /api/security/two_factor/recovery_codes': answer(RecoveryCodesIssued),
  'GET /api/security/events': answer(SecurityEventList),

  'GET /api/support/tickets': answer(TicketList),
  'POST /api/support/tickets': answer(OneTicket),
  'GET /api/support/tickets/:id': answer(TicketAnswer),
  'POST /api/support/tickets/:id/messages': answer(OneTicket),
  'POST /api/support/tickets/:id/close': answer(OneTicket),

  // A report as JSON (the default format; csv and pdf are files).
  'GET /api/reports': answer(ReportView),
  'POST /api/reports': answer(ReportView),
  'GET /api/reports/schedules': answer(ReportScheduleList),
  'POST /api/reports/schedules': answer(OneReportSchedule),
  'PATCH /api/reports/schedules/:id': answer(OneReportSchedule),
  'POST /api/reports/schedules/:id/send': answer(ReportSentNow),
  'GET /api/reports/schedules/:id/sends': answer(ReportSendList),

  'GET /api/user_notification': answer(NotificationPage),
  'POST /api/user_notification/read_all': answer(NotificationsRead),
  'PATCH /api/user_notification': answer(OneNotification),

  'GET /api/user_subscription': answer(OneSubscription),
  'PUT /api/user_subscription': answer(OneSubscription),
  'GET /api/plans': answer(PlanList),

  'GET /api/billing': answer(OneBillingOverview),
  'POST /api/billing/checkout': answer(CheckoutLink),
  'POST /api/billing/portal': answer(PortalLink),
  'POST /api/billing/frequency': answer(OneBillingOverview),
  'POST /api/billing/cancel': answer(OneBillingOverview),
  'POST /api/billing/downgrade': answer(OneBillingOverview),

  'GET /api/monitors': answer(MonitorPage),
  'POST /api/monitors/bulk': answer(BulkOutcome),
  'POST /api/monitors': answer(SavedMonitor),
  'GET /api/monitors/:id': answer(OneMonitor),
  'PATCH /api/monitors/:id': answer(SavedMonitor),
  'PUT /api/monitors/:id/tags': answer(MonitorTagList),
  'DELETE /api/monitors/:id': answer(Message),
  'POST /api/monitors/:id/pause': answer(OneMonitor),
  'POST /api/monitors/:id/resume': answer(OneMonitor),
  'POST /api/monitors/:id/check': answer(CheckedNow),
  'GET /api/monitors/:id/results': answer(ResultPage),
  'GET /api/monitors/:id/stats': answer(OneMonitorStats),

  'GET /api/tags': answer(TagList),
  'POST /api/tags': answer(OneTag),
  'PATCH /api/tags/:id': answer(OneTag),

  'GET /api/incidents': answer(IncidentPage),
  'GET /api/incidents/:id': answer(OneIncidentDetail),
  'POST /api/incidents/:id/acknowledge': answer(OneIncidentDetail),
  'POST /api/incidents/:id/comments': answer(OneIncidentEvent),

  'POST /api/blacklist/check': answer(BlacklistCheck),

  'GET /api/integrations': answer(IntegrationList),
  'POST /api/integrations': answer(CreatedIntegration),
  'PATCH /api/integrations/:id': answer(OneIntegration),
  'DELETE /api/integrations/:id': answer(Message),
  'POST /api/integrations/:id/test': answer(OneDelivery),
  'GET /api/integrations/:id/deliveries': answer(DeliveryPage),

  'GET /api/status_pages': answer(StatusPageList),
  'POST /api/status_pages': answer(OneStatusPage),
  'GET /api/status_pages/:id': answer(OneStatusPage),
  'PATCH /api/status_pages/:id': answer(OneStatusPage),
  'DELETE /api/status_pages/:id': answer(Message),
  'GET /api/status_pages/:id/incidents': answer(StatusIncidentList),
  'POST /api/status_pages/:id/incidents': answer(OneStatusIncident),
  'POST /api/status_pages/:id/preview': answer(MarkdownPreview),
  'POST /api/status_pages/:id/incidents/:incidentId/updates': answer(OneStatusIncident),
  'DELETE /api/status_pages/:id/incidents/:incidentId': answer(Message),
  'GET /api/status_pages/:id/maintenance': answer(MaintenanceList),
  'POST /api/status_pages/:id/maintenance': answer(OneMaintenance),
  'DELETE /api/status_pages/:id/maintenance/:maintenanceId': answer(Message),

  'GET /api/aws/setup': answer(OneAwsSetup),
  ...cloudAccountRoutes('aws', AwsAccount),
  'GET /api/aws/accounts/:id/billing-summary': answer(AwsBillingPage),
  'GET /api/aws/accounts/:id/ec2': answer(AwsEc2Page),
  'GET /api/aws/accounts/:id/rds': answer(AwsRdsPage),
  'GET /api/aws/accounts/:id/amplify': answer(AwsAmplifyPage),
  'GET /api/aws/accounts/:id/lightsail': answer(AwsLightsailPage),
  'GET /api/aws/accounts/:id/services': answer(AwsServicesPage),

  ...cloudAccountRoutes('azure', AzureAccount),
  'GET /api/azure/accounts/:id/services': answer(AzureServicesPage),
  'GET /api/azure/accounts/:id/billing-summary': answer(AzureBillingPage),
  'GET /api/azure/accounts/:id/subscription-details': answer(AzureSubscriptionsPage),
  'GET /api/azure/accounts/:id/services/:service': answer(AzureServicePage),

  ...cloudAccountRoutes('microsoft365', M365Tenant),
  'GET /api/microsoft365/accounts/:id/health': answer(M365TenantPage),

  'GET /api/public/status/:slug': answer(PublicStatus),
}

/** The API's routes that answer no JSON of their own, and what they answer instead. */
export const API_ROUTES_WITHOUT_JSON: Record<ApiRoute, string> = {
  'GET /api/events': 'server-sent events (live-event.ts)',
  'GET /api/profile/picture': "the picture's bytes",
  'GET /api/integrations/slack/install': "a redirect to Slack's consent page",
  'GET /api/integrations/slack/callback': 'a redirect back to the app',
  'DELETE /api/tags/:id': 'an empty 204',
  'DELETE /api/reports/schedules/:id': 'an empty 204',
  'POST /api/billing/webhook': "Stripe's webhook: its status is all Stripe reads",
}

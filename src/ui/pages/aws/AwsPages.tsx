import { AwsAccountPage } from './AwsAccountPage.tsx'
import { BillingBody } from './BillingBody.tsx'
import { AmplifyBody, Ec2Body, LightsailBody, RdsBody, ServicesBody } from './resource-bodies.tsx'

// The six pages of a connected AWS account (spec: services/aws_monitoring/{iamUserId}/...), one route each.

export const AWS_PAGE_COMPONENTS = {
  'billing-summary': () => <AwsAccountPage page="billing-summary" title="Billing summary" Body={BillingBody} />,
  ec2: () => <AwsAccountPage page="ec2" title="EC2 instances" Body={Ec2Body} />,
  rds: () => <AwsAccountPage page="rds" title="RDS databases" Body={RdsBody} />,
  amplify: () => <AwsAccountPage page="amplify" title="Amplify apps" Body={AmplifyBody} />,
  lightsail: () => <AwsAccountPage page="lightsail" title="Lightsail instances" Body={LightsailBody} />,
  services: () => <AwsAccountPage page="services" title="Services" Body={ServicesBody} />,
}

import { lazyPart } from '../lazy-part.tsx'

// The connect and edit dialog loads when first opened, keeping it out of the page's first load.
export const LazyAwsAccountForm = lazyPart(() =>
  import('./AwsAccountFormDialog.tsx').then((m) => m.AwsAccountFormDialog),
)

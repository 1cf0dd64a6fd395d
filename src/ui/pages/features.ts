// What each page whose content a later release builds will hold, so no route shows a blank page.
export interface FeatureInfo {
  title: string
  summary: string
  /** The navigation label whose plan access guards this page, if any. */
  feature?: string
}

export const FEATURES: Record<string, FeatureInfo> = {
  reporting: {
    title: 'Reporting',
    summary: 'Uptime and response-time reports over any period, ready to share.',
    feature: 'Reporting',
  },
}

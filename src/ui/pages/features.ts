// What each page whose content a later release builds will hold, so no route shows a blank page.
export interface FeatureInfo {
  title: string
  summary: string
  /** The navigation label whose plan access guards this page, if any. */
  feature?: string
}

// Every page of the navigation is built now (Reporting was the last, issue 18); a page still to come goes here.
export const FEATURES: Record<string, FeatureInfo> = {}

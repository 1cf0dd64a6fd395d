// Layout constants.
export const MOBILE_BREAKPOINT_PX = 768
export const SIDEBAR_EXPANDED_PX = 240
export const SIDEBAR_COLLAPSED_PX = 64
export const TOPBAR_HEIGHT_PX = 64
export const INITIAL_OPEN_GROUP = 'Services'

/** Mobile mode at a window width of 768 px or less. */
export const isMobileWidth = (width: number): boolean => width <= MOBILE_BREAKPOINT_PX

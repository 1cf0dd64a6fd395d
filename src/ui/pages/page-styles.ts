import { css } from '../../../styled-system/css'

// The page title and card of the signed-in pages.
export const pageTitle = css({ fontSize: '2xl', fontWeight: 'semibold', mb: '2' })
export const card = css({ bg: 'surface', rounded: 'lg', shadow: 'sm', p: '6' })

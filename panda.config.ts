import { defineConfig } from '@pandacss/dev'
import { keyframes, recipes, slotRecipes, zIndex } from './src/ui/theme/index.ts'

// Light theme only, dark navy primary (spec section 1).
export default defineConfig({
  preflight: true,
  include: ['./src/ui/**/*.{ts,tsx}'],
  exclude: [],
  jsxFramework: 'react',
  outdir: 'styled-system',
  conditions: {
    extend: {
      // Invalid is what the app says (Ark's Field sets data-invalid and aria-invalid from a field's message), never
      // the browser's own check: an untouched required field is `:invalid` to the browser, and would open red.
      invalid: '&:is([data-invalid], [aria-invalid=true])',
    },
  },
  theme: {
    extend: {
      tokens: {
        colors: {
          navy: {
            50: { value: '#eef2f8' },
            100: { value: '#d5deec' },
            500: { value: '#1f3a68' },
            700: { value: '#14284b' },
            800: { value: '#0f1f3d' },
            900: { value: '#0a1630' },
          },
        },
        // Layout constants of spec section 9, as sizes (w, h) and as spacing (top, padding, inset).
        sizes: {
          topbar: { value: '64px' },
          sidebar: { value: '240px' },
          sidebarCollapsed: { value: '64px' },
        },
        spacing: {
          topbar: { value: '64px' },
          sidebar: { value: '240px' },
          sidebarCollapsed: { value: '64px' },
        },
        zIndex,
      },
      semanticTokens: {
        colors: {
          primary: { value: '{colors.navy.800}' },
          primaryHover: { value: '{colors.navy.700}' },
          surface: { value: '#ffffff' },
          canvas: { value: '#f5f7fb' },
          muted: { value: '{colors.gray.600}' },
          // The light rule of a box or a divider, the gray the kit's cards and popovers use (a name no token held
          // drew currentColor: black rules on the account pages and the copy fields).
          border: { value: '{colors.gray.200}' },
        },
      },
      keyframes,
      // The component kit (src/ui/components), Park UI style: Ark UI parts styled by these recipes.
      recipes,
      slotRecipes,
    },
  },
})

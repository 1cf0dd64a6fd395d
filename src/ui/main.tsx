import { lazy, StrictMode, Suspense, useEffect, useState } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router'
import './index.css'
import { AuthProvider } from './app/auth-context.tsx'
import { onFirstToast } from './components/toast-store.ts'
import { createRouter } from './router.tsx'

const router = createRouter()
// Development only: this tab tells /dev/machines which actors it runs (the production build leaves it out).
if (import.meta.env.DEV) void import('./dev/actor-broadcast.ts').then(({ broadcastActors }) => broadcastActors())
// Toasts are shown only after an action: the view that renders them loads with the first toast.
const Toaster = lazy(() => import('./components/toaster.tsx').then((m) => ({ default: m.Toaster })))

function LazyToaster() {
  const [wanted, setWanted] = useState(false)
  useEffect(() => onFirstToast(() => setWanted(true)), [])
  return wanted ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null
}

const root = document.getElementById('root')
if (root)
  createRoot(root).render(
    <StrictMode>
      <AuthProvider>
        <RouterProvider router={router} />
        <LazyToaster />
      </AuthProvider>
    </StrictMode>,
  )

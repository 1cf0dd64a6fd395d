import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { createBrowserRouter, RouterProvider } from 'react-router'
import './index.css'
import { LandingPage } from './pages/LandingPage.tsx'

const router = createBrowserRouter([{ path: '/', element: <LandingPage /> }])

const root = document.getElementById('root')
if (root)
  createRoot(root).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  )

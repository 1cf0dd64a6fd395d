import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { sourceResolution } from './source-condition.config.ts'

export default defineConfig({
  plugins: [react()],
  ...sourceResolution,
  // The dev server sends the API (/api/..., not the app's /api_monitorings pages) to the app's server: port 3000
  // unless API_ORIGIN names another.
  server: { proxy: { '^/api/': process.env.API_ORIGIN ?? 'http://localhost:3000' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    reportCompressedSize: true,
    manifest: true,
    // What the entry needs at start stays in one chunk: without this the bundler splits it into pieces
    // shared with lazily loaded pages, and every first load pays gzip's cost per piece.
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] } } },
  },
})

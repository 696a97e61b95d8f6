/// <reference types="vitest/config" />
import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'

// No COOP/COEP headers on purpose: the lab must work on any static host and inside third-party
// iframes, so it never relies on cross-origin isolation (data moves as transferred ArrayBuffers).
export default defineConfig({
  base: './',
  plugins: [react()],
  worker: { format: 'es' },
  build: { outDir: 'dist', emptyOutDir: true },
  test: {
    include: ['web/**/*.test.ts', 'web/**/*.test.tsx'],
  },
})

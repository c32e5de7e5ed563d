import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

/** The signing page: built into dist/signing and served by the service under /signing/. */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/signing/',
  plugins: [react()],
  resolve: {
    // pdf.js ships a terser-minified build that is about a fifth smaller gzipped than what the bundler's
    // minifier makes of the plain one: it keeps the page's initial JavaScript within its budget.
    alias: [{ find: /^pdfjs-dist$/, replacement: 'pdfjs-dist/build/pdf.min.mjs' }],
  },
  build: {
    outDir: fileURLToPath(new URL('../../dist/signing', import.meta.url)),
    emptyOutDir: true,
    // pdf.js uses top-level await and modern syntax; every browser the page supports has them.
    target: 'es2022',
    reportCompressedSize: false,
  },
  logLevel: 'warn',
})

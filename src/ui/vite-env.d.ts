/// <reference types="vite/client" />
// import.meta.env as Vite gives it: DEV is true under `npx vite` and in tests, false in the production build.

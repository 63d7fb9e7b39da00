/** Defined by vite.config.ts: true under `vite --mode mock` (npm run dev:mock). */
declare const __MOCK_API__: boolean;


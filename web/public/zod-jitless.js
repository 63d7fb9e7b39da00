// Zod compiles fast object parsers with `new Function` and probes for it when each object schema is built, at
// module load: the page's Content-Security-Policy has no 'unsafe-eval', so the probe is reported as a violation.
// Zod reads its settings from this global when it loads; a deferred classic script placed before the app's module
// script runs before it (both run in document order once the document is parsed).
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });

import { z } from 'zod';

// In the browser, zod 4 must not probe `new Function('')` (it does so while the first object schema is
// built): the web app's Content-Security-Policy has no 'unsafe-eval', and Chromium reports even the caught
// probe as a CSP violation on every screen (issue 12 B9). Parsing is the same without zod's JIT; the server
// (no document) keeps it. Every schema module takes `z` from here, so this runs before its first schema
// however the web build orders and prunes the contract's modules.
if (typeof document !== 'undefined') z.config({ jitless: true });

export { z };

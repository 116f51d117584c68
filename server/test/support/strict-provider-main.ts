import { createStrictProvider, type StrictProviderOptions } from './strict-provider.js';

// The strict provider's own process (see strict-provider.ts); its options come as JSON in the environment.
const options = JSON.parse(process.env.STRICT_PROVIDER_OPTIONS ?? '{}') as StrictProviderOptions;
const url = new URL(options.origin);
const server = createStrictProvider(options);
server.listen(Number(url.port), url.hostname);
process.on('SIGTERM', () => server.close(() => process.exit(0)));

import module from 'node:module';

// Node 22.1+ keeps V8's compiled code of the modules on disk (NODE_COMPILE_CACHE, else a folder under the
// system's temporary folder), so later starts skip compiling them: switched on before any other module
// loads, so that it holds them all. Node 20 has no such cache.
(module as { enableCompileCache?: () => unknown }).enableCompileCache?.();
await import('./start.js');

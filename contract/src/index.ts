export * from './common.js';
export * from './system.js';
export * from './catalog.js';
export * from './compatibility.js';

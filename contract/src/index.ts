// First: zod's configuration, before any schema is built.
import './zod-setup.js';
export * from './common.js';
export * from './messages.js';
export * from './validation-messages.js';
export * from './system.js';
export * from './catalog.js';
export * from './compatibility.js';
export * from './search.js';
export * from './text.js';
export * from './version-label.js';
export * from './evaluation.js';
export * from './base-data.js';
export * from './relations.js';
export * from './images.js';
export * from './info-pages.js';
export * from './database.js';
export * from './labels.js';

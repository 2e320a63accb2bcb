export * from './call.ts';
export * from './calls/admin/staff.ts';
export * from './calls/admin/system.ts';
export * from './calls/system.ts';
export * from './envelope.ts';
export * from './errors/index.ts';
export * from './i18n.ts';
export * from './schema.ts';

export * from './port';
export * from './in-memory';
export * from './redis';

export * from './port';
export * from './in-memory';
export * from './redis';
export { MEMORY } from './tokens';
export { FileMemoryStore } from './file';

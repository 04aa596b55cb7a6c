/** Nest injection tokens shared by every service module. */
export const BUS = 'medagent:bus';
export const KV = 'medagent:kv';

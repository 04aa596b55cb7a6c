export const MEMORY = 'medagent:memory';

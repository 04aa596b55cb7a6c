// @medagent/http-ingress/testing: HTTP helpers for specs (never shipped).
export { SEED, post, readSse, startHarness, type Harness, type SseFrame } from './harness';

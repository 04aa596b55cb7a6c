// @medagent/http-ingress/testing: HTTP helpers for specs (never shipped). The embedded
// runtime behind a real listener (startHarness) is @medagent/runtime/testing.
export { post, readSse, type SseFrame } from './http';

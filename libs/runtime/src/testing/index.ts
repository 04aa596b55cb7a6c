// @medagent/runtime/testing: a real embedded runtime behind a real HTTP listener, for
// specs (never shipped: the build excludes testing/).
export { SEED, startHarness, post, readSse, type Harness, type SseFrame } from './ingress-harness';

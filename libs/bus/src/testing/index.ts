// @medagent/bus/testing: fakes and helpers for specs and harnesses (never shipped: the
// build excludes testing/, and lint forbids importing it from production code).
export { Collector, after } from './collector';
export { AwayInProcessBus } from './away-bus';
export { TcpProxy } from './tcp-proxy';

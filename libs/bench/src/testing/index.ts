// @medagent/bench/testing: process harnesses for the bench's integration specs (never
// shipped): a cluster with a bus recorder, an OTLP receiver, a deployment behind a TCP
// relay, and the seed question.
export { startObservedCluster, type ObservedCluster } from './observed-cluster';
export { startRelayedDeployment, type RelayedDeployment } from './relayed';
export { BusRecorder, waitUntil, type RecordedEvent, type RecordedDeadLetter } from './recorder';
export { startOtlpReceiver, checkTrace, parseOtlpJson, type OtlpReceiver, type ReceivedSpan, type TraceCheck } from './otlp-receiver';
export { askSeed } from './seed';

export * from './port';
export {
  DEFAULT_BACKOFF_MS,
  DEFAULT_DEDUP_WINDOW_MS,
  HEADER_DEADLINE,
  HEADER_TRACEPARENT,
  backoffFor,
  codeFromReason,
  settleOnError,
  subjectMatches,
} from './common';
export { retryWhileWanted, type CatchUpBackoff } from './catch-up';
export { InProcessBus, type InProcessBusOptions } from './in-process/bus';
export {
  BUS_EXCEPTION_FILTER,
  BusClientProxy,
  BusContext,
  BusExceptionFilter,
  BusTransportServer,
  type BusEventExtras,
  type BusTransportDefaults,
} from './nest/transport';
export { JetStreamBus, MIN_SERVER_VERSION, inboxPrefixFor, type JetStreamBusOptions } from './jetstream/bus';
export { DEFAULT_RECONNECT_WAIT_MS, asBusUnavailable, type ConnectionEvent } from './jetstream/connection';
export {
  DEFAULT_TOPOLOGY,
  DEFAULT_LIMITS,
  DEFAULT_TOPOLOGY_WAIT_MS,
  maxDeliveriesAdvisorySubject,
  type TopologyMode,
  type TopologyNames,
  type TopologyLimits,
} from './jetstream/topology';
export { JsonText, readModifyWrite, type KvEntry, type KvStore } from './kv/port';
export { InMemoryKvStore } from './kv/memory';
export { JetStreamKvStore, type JetStreamKvOptions } from './kv/jetstream';
export { BUS, KV } from './tokens';
export { AUDIT_READER, readAudit, type AuditEvent, type AuditQuery } from './jetstream/audit';
export {
  EVENT_PRODUCER_FORBIDDEN,
  EVENT_SIGNATURE_INVALID,
  EVENT_UNSIGNED,
  EventSigner,
  EventVerifier,
  HEADER_SIGNATURE,
  HEADER_SIGNER,
  type BusSecurity,
  type TrustFile,
  type TrustIdentity,
  type VerifyFailure,
} from './security/signing';
export { generateNkey, nkeyConnectOptions, publicKeyOfSeed, type NkeyIdentity } from './security/keys';
export { DeadLetterReader, type StoredDeadLetter, type StoredOriginal } from './jetstream/dead-letters';

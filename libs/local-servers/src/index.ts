// Public entry of @medagent/local-servers: real nats-server / redis-server processes on free
// loopback ports, for specs, harnesses and the benchmarks (never for production code: lint).
export { startNatsServer, type NatsServerHandle, type NatsServerOptions } from './nats-server';
export { startNatsCluster, type NatsClusterHandle } from './nats-cluster';
export { startRedisServer, type RedisServerHandle } from './redis-server';
export { freePort, waitForPort } from './ports';

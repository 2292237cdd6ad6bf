export { createLogger, ensureRequestId, loggerTo, REQUEST_ID_HEADER, requestIdOf, requestLog, type Logger } from './logger';
export {
  eventStoreAppendDuration,
  metricsRegistry,
  observeProjectorBatch,
  rebuildEvents,
  setProjectorLagSource,
  type ProjectorBatch,
  type ProjectorLag,
} from './metrics';
export { OPS_PATHS, opsRoutes, readiness, readOpsConfig, serveOps, storeChecks, type ReadinessChecks } from './health';
export { gracefulServer, onShutdownSignal, type GracefulServer } from './shutdown';

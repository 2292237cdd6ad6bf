/** What the browser tests (web/e2e) use from the launcher: the whole product in one process. */
export { readConfig, type LauncherConfig } from './config';
export { startProduct, type RunningProduct } from './product';

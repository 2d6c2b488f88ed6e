/**
 * @latchkey/lab: the laboratory. `buildLab` bundles its pages (/wagmi, /ethers, /ethers5 with React and
 * @latchkey/react; /vanilla with @latchkey/ui and no React) and `startLab` serves them on 127.0.0.1 with the
 * local stack's config and, in dev builds, the EVM test wallet injected.
 */
export { buildLab, DEFAULT_OUT_DIR, EVM_PAGES, LAB_PAGES, type LabManifest, type LabPage } from './build.js'
export { type LabConfig, toLabConfig } from './config.js'
export {
  DEFAULT_LAB_PORT,
  LAB_PORT_ENV,
  labPortFromEnv,
  type RunningLab,
  type StartLabOptions,
  startLab,
} from './server.js'

// @medagent/planner/testing: the router case sets (dev, extra, blind, own) for specs and
// training scripts (never shipped: the build excludes testing/).
export { BLIND_SET_PATHS, DEV_SET_PATH, EXTRA_SET_PATH, OWN_SET_PATHS, loadCases } from './cases';

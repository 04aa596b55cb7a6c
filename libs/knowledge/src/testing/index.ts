// @medagent/knowledge/testing: FHIR R4 Bundle fixtures for specs (never shipped).
export { bundle as fhirTestBundle, medicationRequest as fhirTestMedicationRequest, warfarinBundle as fhirWarfarinBundle } from '../medgraph/testing/bundles';

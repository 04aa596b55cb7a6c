export { CdsHooksModule, createCdsApp } from './cds.module';
export { CdsHooksService, CDS_SERVICES, type CdsServiceDefinition, type CdsResponse } from './cds.service';
export { JoseCdsTokenVerifier, NoAuthCdsVerifier, cdsVerifierFromEnv, CDS_ALGORITHMS, type CdsTokenVerifier, type CdsCaller, type CdsIssuer } from './token';
export { CARD_SOURCE_LABEL, type CdsCard } from './cards';
export { CdsError } from './errors';
export { CDS_OPTIONS, type CdsOptions } from './options';

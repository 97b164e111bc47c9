import type { LtiPlatformView } from '@pw/contract';
import type { LtiPlatform } from './lti-platforms';

/** A registration as the manager area shows it (presenter: no I/O). */
export function presentPlatform(p: LtiPlatform): LtiPlatformView {
  return {
    id: p.id,
    issuer: p.issuer,
    client_id: p.clientId,
    deployment_ids: p.deploymentIds,
    login_url: p.loginUrl,
    token_url: p.tokenUrl,
    jwks_url: p.jwksUrl,
    frame_origins: p.frameOrigins,
  };
}

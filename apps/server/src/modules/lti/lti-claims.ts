/** The LTI 1.3 claim names (1EdTech LTI Core 1.3 §5). */
export const CLAIM = {
  messageType: 'https://purl.imsglobal.org/spec/lti/claim/message_type',
  version: 'https://purl.imsglobal.org/spec/lti/claim/version',
  deploymentId: 'https://purl.imsglobal.org/spec/lti/claim/deployment_id',
  targetLinkUri: 'https://purl.imsglobal.org/spec/lti/claim/target_link_uri',
  resourceLink: 'https://purl.imsglobal.org/spec/lti/claim/resource_link',
  roles: 'https://purl.imsglobal.org/spec/lti/claim/roles',
  context: 'https://purl.imsglobal.org/spec/lti/claim/context',
  launchPresentation: 'https://purl.imsglobal.org/spec/lti/claim/launch_presentation',
  lis: 'https://purl.imsglobal.org/spec/lti/claim/lis',
  /** Names and Role Provisioning Services: `context_memberships_url`. */
  nrps: 'https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice',
  /** Assignment and Grade Services: `lineitem`, `lineitems`, `scope`. */
  ags: 'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint',
  /** Custom parameters of the placement (a deep-linked one carries `peerwrite_assignment_id`). */
  custom: 'https://purl.imsglobal.org/spec/lti/claim/custom',
  /** Deep Linking 2.0 request settings: `deep_link_return_url`, `accept_types`, `data`, … */
  deepLinkingSettings: 'https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings',
  /** Deep Linking 2.0 response: the chosen items, and the request's `data` echoed. */
  contentItems: 'https://purl.imsglobal.org/spec/lti-dl/claim/content_items',
  deepLinkingData: 'https://purl.imsglobal.org/spec/lti-dl/claim/data',
} as const;

/** The custom parameter a deep-linked resource link carries: the assignment it opens. */
export const ASSIGNMENT_CUSTOM_PARAM = 'peerwrite_assignment_id';

export type LtiRole = 'instructor' | 'assistant' | 'learner';

/**
 * The PeerWrite role of an LTI roles claim: Instructor (context or institution role, or
 * Administrator) wins over TeachingAssistant, which wins over Learner. Unknown roles only
 * (e.g. Mentor, Guest): undefined, and the launch is refused.
 */
export function mapLtiRoles(roles: unknown): LtiRole | undefined {
  if (!Array.isArray(roles)) return undefined;
  const names = roles
    .filter((r): r is string => typeof r === 'string')
    .map((r) => {
      // Full URIs (…/membership#Instructor, …/membership/Instructor#TeachingAssistant) or the
      // deprecated short names.
      const hash = r.lastIndexOf('#');
      return hash >= 0 ? r.slice(hash + 1) : (r.split('/').pop() ?? r);
    });
  if (names.includes('TeachingAssistant')) {
    // A context sub-role of Instructor: an assistant, unless also a plain Instructor.
    const plain = roles.some(
      (r) =>
        typeof r === 'string' &&
        (r.endsWith('membership#Instructor') || r === 'Instructor' || r.endsWith('membership#Administrator')),
    );
    return plain ? 'instructor' : 'assistant';
  }
  if (names.includes('Instructor') || names.includes('Administrator') || names.includes('ContentDeveloper'))
    return 'instructor';
  if (names.includes('Learner') || names.includes('Student')) return 'learner';
  return undefined;
}

/** A service URL from a claim: an absolute http(s) URL, else undefined. */
export function serviceUrl(v: unknown): string | undefined {
  if (typeof v !== 'string' || v.length > 2000) return undefined;
  try {
    const url = new URL(v);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : undefined;
  } catch {
    return undefined;
  }
}

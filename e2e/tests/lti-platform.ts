import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type JWTPayload, SignJWT } from 'jose';

// A mock LMS (LTI 1.3 platform) for the browser tests, after the API tests' kit
// (apps/server/src/modules/lti/lti.test-kit.ts): its RS256 key pair and JWKS, an authorisation
// endpoint that answers the tool's OIDC auth request with an auto-submitted id_token form post,
// and a course page that shows the tool in an <iframe>, started by the third-party login
// initiation (a form posted into the frame), as Moodle's "embed" launch container does.

const CLAIM = {
  messageType: 'https://purl.imsglobal.org/spec/lti/claim/message_type',
  version: 'https://purl.imsglobal.org/spec/lti/claim/version',
  deploymentId: 'https://purl.imsglobal.org/spec/lti/claim/deployment_id',
  targetLinkUri: 'https://purl.imsglobal.org/spec/lti/claim/target_link_uri',
  resourceLink: 'https://purl.imsglobal.org/spec/lti/claim/resource_link',
  roles: 'https://purl.imsglobal.org/spec/lti/claim/roles',
  context: 'https://purl.imsglobal.org/spec/lti/claim/context',
  launchPresentation: 'https://purl.imsglobal.org/spec/lti/claim/launch_presentation',
  custom: 'https://purl.imsglobal.org/spec/lti/claim/custom',
};
export const LTI_ROLE = {
  instructor: 'http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor',
  learner: 'http://purl.imsglobal.org/vocab/lis/v2/membership#Learner',
};

/** Who launches, from which placement: the id_token's person and LTI claims. */
export type LmsLaunch = {
  sub: string;
  name: string;
  email: string;
  role: keyof typeof LTI_ROLE;
  locale: string;
  resourceLinkId: string;
  /** The placement's custom parameters (a deep-linked one names its assignment). */
  custom?: Record<string, string>;
  /** Further claims, replacing the defaults (a Deep Linking request's message type and settings). */
  extra?: Record<string, unknown>;
};

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let data = '';
    req.on('data', (chunk) => {
      data += chunk;
    });
    req.on('end', () => resolve(data));
  });

/** An HTML page whose form posts itself (the inline script is the LMS's, not the tool's). */
const autoPost = (action: string, fields: Record<string, string>, target?: string) =>
  `<form method="post" action="${escapeHtml(action)}"${target ? ` target="${target}"` : ''} id="f">${Object.entries(
    fields,
  )
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('')}</form><script>document.getElementById('f').submit()</script>`;

/**
 * Starts the mock LMS on a loopback port. `toolBase` is the tool's origin (its /lti/login and
 * /lti/launch); launches are registered by `prepare` and named by the login hint.
 */
export async function startMockLms(toolBase: () => string) {
  const kid = 'e2e-platform-key';
  const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  const launches = new Map<string, LmsLaunch>();
  let base = '';
  const registration = {
    clientId: 'peerwrite-e2e',
    deploymentId: 'dep-e2e',
    get issuer() {
      return base;
    },
  };

  const idToken = async (launch: LmsLaunch, nonce: string) => {
    const now = Math.floor(Date.now() / 1000);
    const claims: JWTPayload = {
      nonce,
      name: launch.name,
      email: launch.email,
      [CLAIM.messageType]: 'LtiResourceLinkRequest',
      [CLAIM.version]: '1.3.0',
      [CLAIM.deploymentId]: registration.deploymentId,
      [CLAIM.targetLinkUri]: `${toolBase()}/lti/launch`,
      [CLAIM.resourceLink]: { id: launch.resourceLinkId, title: '에세이' },
      [CLAIM.roles]: [LTI_ROLE[launch.role]],
      [CLAIM.context]: { id: 'e2e-course', title: '글쓰기의 기초 (LMS)', label: 'WRT101' },
      [CLAIM.launchPresentation]: { locale: launch.locale, document_target: 'iframe' },
      ...(launch.custom ? { [CLAIM.custom]: launch.custom } : {}),
      ...launch.extra,
    };
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid })
      .setIssuer(base)
      .setSubject(launch.sub)
      .setAudience(registration.clientId)
      .setIssuedAt(now)
      .setExpirationTime(now + 300)
      .sign(privateKey);
  };

  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', base);
    const html = (status: number, body: string) => {
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        `<!doctype html><html><head><meta charset="utf-8"><title>Mock LMS</title></head><body>${body}</body></html>`,
      );
    };
    if (url.pathname === '/jwks') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ keys: [jwk] }));
    }
    if (url.pathname === '/course') {
      // The LMS's course page: the activity embedded, launched by the login initiation.
      const hint = url.searchParams.get('hint') ?? '';
      const start = autoPost(
        `${toolBase()}/lti/login`,
        {
          iss: base,
          login_hint: hint,
          target_link_uri: `${toolBase()}/lti/launch`,
          client_id: registration.clientId,
          lti_deployment_id: registration.deploymentId,
          lti_message_hint: hint,
        },
        'tool',
      );
      return html(
        200,
        `<h1 style="font-family:sans-serif">Mock LMS · WRT101</h1><iframe name="tool" title="PeerWrite" style="width:100%;height:760px;border:1px solid #999"></iframe>${start}`,
      );
    }
    if (url.pathname === '/auth') {
      // The OIDC authorisation request (response_mode form_post): the id_token posted back.
      const q = url.searchParams;
      const launch = launches.get(q.get('login_hint') ?? '');
      if (!launch || q.get('client_id') !== registration.clientId || q.get('response_mode') !== 'form_post')
        return html(400, '<p>bad auth request</p>');
      const token = await idToken(launch, q.get('nonce') ?? '');
      return html(
        200,
        autoPost(q.get('redirect_uri') ?? '', { id_token: token, state: q.get('state') ?? '' }),
      );
    }
    if (req.method === 'POST') await readBody(req);
    res.writeHead(404);
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    get base() {
      return base;
    },
    registration,
    /** Registers a launch under a login hint; the course page `/course?hint=…` starts it. */
    prepare: (hint: string, launch: LmsLaunch) => launches.set(hint, launch),
    /** A signed id_token for a launch driven without a browser (the test's set-up). */
    idToken,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

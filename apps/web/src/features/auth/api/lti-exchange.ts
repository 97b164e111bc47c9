import * as endpoints from '@pw/contract/endpoints';
import { callEndpoint } from '../../../lib/api';

/** POST /lti/exchange/: an LTI launch's one-time code for a session and the page to land on. */
export function exchangeLtiCode(code: string) {
  return callEndpoint(endpoints.ltiExchange, { body: { code } });
}

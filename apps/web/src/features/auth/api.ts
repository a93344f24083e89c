import { type ChangePasswordBody, callRoutes, type SignInBody } from '@wd/contracts';
import { callApi } from '../../lib/api-client';
import { session } from '../../lib/session';

/** Sign-in, session checks and sign-out: the session lives in lib/session, not in the query cache. */
export const signIn = (body: SignInBody) => callApi(callRoutes.userCalls.signIn, { body });

export const changePassword = (body: ChangePasswordBody) => callApi(callRoutes.userCalls.changePassword, { body });

/** Signs out on the server (a failure is ignored) and always clears the local session. */
export async function signOut() {
  try {
    await callApi(callRoutes.userCalls.signOut);
  } catch {
    // The local session is cleared whatever the server says.
  }
  session.clear();
}

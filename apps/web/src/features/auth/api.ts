import type { ChangePasswordBody, Session, SignInBody } from '@wd/contracts';
import { api } from '../../lib/api-client';

export const signIn = (body: SignInBody) => api.post<Session>('user/signIn/', body);
export const changePassword = (body: ChangePasswordBody) =>
  api.patch<{ message: string }>('user/changePassword/', body);

import { z } from './zod.js';

/** Every failure answers this body (docs/api.md, "Errors"). */
export const errorSchema = z
  .object({
    message: z.string(),
    /** The request field the message is about, when there is one. */
    field: z.string().optional(),
  })
  .meta({ id: 'Error' });
export type ErrorBody = z.infer<typeof errorSchema>;

export const messageSchema = z.object({ message: z.string() }).meta({ id: 'Message' });

export const MESSAGES = {
  notSignedIn: 'Not signed in',
  adminsOnly: 'Admins only',
  wrongCredentials: 'Wrong username or password',
  tooManyAttempts: 'Too many attempts, please try again later',
  userNotFound: "The user doesn't exist",
  deleted: 'Deleted',
  recovered: 'Recovered',
  genericError: 'There has been an error',
} as const;

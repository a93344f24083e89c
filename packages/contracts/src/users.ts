import { changesSomething, id, NOTHING_TO_CHANGE, text } from './common/fields.js';
import { listResponse } from './common/list.js';
import { z } from './common/zod.js';

export const USER_TYPES = ['user', 'admin'] as const;
export const userType = z.enum(USER_TYPES);
export type UserType = z.infer<typeof userType>;

export const username = () =>
  text()
    .trim()
    .min(3)
    .max(50)
    .regex(/^[A-Za-z0-9._@-]+$/, { message: 'may hold only letters, digits and . _ @ -' });
export const email = () => z.union([z.literal(''), z.email().max(254)]);
export const password = () => text().min(8).max(200);

export const userSchema = z
  .object({
    id: z.int(),
    username: z.string(),
    email: z.string(),
    type: userType,
    /** A driver: the route screens come first when they sign in (docs/route-mode.md). */
    driver: z.boolean(),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof userSchema>;

/** Sign-in carries the username in a field named `email` (docs/api.md). */
export const signInBody = z.object({
  email: text().trim().min(1).max(254),
  password: text().min(1).max(200),
});
export type SignInBody = z.infer<typeof signInBody>;

/** A signed-in user and the token to send in the Token header. */
export const sessionSchema = userSchema.extend({ token: z.string() }).meta({ id: 'Session' });
export type Session = z.infer<typeof sessionSchema>;

export const changePasswordBody = z.object({
  username: text().trim().min(1).max(254),
  currentPassword: text().min(1).max(200),
  newPassword: password(),
});
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

export const signUpBody = z.object({
  username: username(),
  email: email(),
  password: password(),
  type: userType.default('user'),
  driver: z.boolean().default(false),
});
export type SignUpBody = z.input<typeof signUpBody>;

export const updateUserBody = z
  .object({
    id: id(),
    username: username().optional(),
    email: email().optional(),
    type: userType.optional(),
    driver: z.boolean().optional(),
    /** '' keeps the current password (the form's blank field). */
    password: z.union([z.literal(''), password()]).optional(),
  })
  // A blank password is no change: `{ id, password: '' }` holds nothing but the id.
  .refine((body) => changesSomething({ ...body, password: body.password || undefined }), NOTHING_TO_CHANGE);
export type UpdateUserBody = z.infer<typeof updateUserBody>;

/** `user/{name}`: a user by id (digits) or username. */
export const userNameParams = z.object({ name: text().min(1).max(254) });

export const userResponse = z.object({ user: userSchema });
export const usersResponse = listResponse('users', userSchema);

/** The first admin's password in the test apps and the spawned servers. */
export const ADMIN_PASSWORD = 'admin-password-1';

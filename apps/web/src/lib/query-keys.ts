/** One place for the query keys, so a change can invalidate exactly what it moved. */
export const queryKeys = {
  users: ['users'] as const,
  user: (id: string | number) => ['users', 'one', String(id)] as const,
};

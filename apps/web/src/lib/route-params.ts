import { useParams } from 'react-router';

/**
 * A record's id from the route (`:id`, or the parameter named): undefined when the address has
 * none, 0 when it is not a whole number above 0 (the server then answers that the record does
 * not exist, and the screen says so).
 */
export function useIdParam(name = 'id'): number | undefined {
  const value = useParams()[name];
  if (value === undefined) return undefined;
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : 0;
}

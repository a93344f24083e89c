/** Whether the router is moving to another page right now; kept current by router.subscribe. */
let navigating = false;

export function setNavigating(value: boolean) {
  navigating = value;
}

export function isNavigating(): boolean {
  return navigating;
}

// Placeholder routes: each is replaced by its feature's screen.
export function JobsRoute() {
  return <div>/jobs</div>;
}
export function JobRoute() {
  return <div>/job</div>;
}

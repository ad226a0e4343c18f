// Placeholder routes: each is replaced by its feature's screen.
export function OverviewRoute() {
  return <div>/overview</div>;
}

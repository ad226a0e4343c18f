// Placeholder routes: each is replaced by its feature's screen.
export function LineageRoute() {
  return <div>/lineage</div>;
}

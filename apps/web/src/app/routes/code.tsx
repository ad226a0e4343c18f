// Placeholder routes: each is replaced by its feature's screen.
export function CodeRoute() {
  return <div>/code</div>;
}

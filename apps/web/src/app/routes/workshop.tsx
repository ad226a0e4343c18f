// Placeholder routes: each is replaced by its feature's screen.
export function WorkshopRoute() {
  return <div>/workshop</div>;
}

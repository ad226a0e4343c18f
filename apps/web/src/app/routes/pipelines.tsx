// Placeholder routes: each is replaced by its feature's screen.
export function PipelinesRoute() {
  return <div>/pipelines</div>;
}
export function PipelinesCompactRoute() {
  return <div>/pipelines/old</div>;
}
export function NewPipelineRoute() {
  return <div>/pipeline</div>;
}
export function PipelineRoute() {
  return <div>/pipelines/:id</div>;
}

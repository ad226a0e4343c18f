// Graph editor pieces shared by the workflow builder and the flow editor (features do not import
// each other, so what both draw lives here).
export { layeredLayout, NODE_HEIGHT, NODE_WIDTH } from './auto-layout.ts';
export { GraphCanvas, startPaletteDrag, type TGraphCanvasProps } from './graph-canvas.tsx';
export { LabelledEdge } from './labelled-edge.tsx';
export { canvasClasses, NodeCard, type TCardTone } from './node-card.tsx';

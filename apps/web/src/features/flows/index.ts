export { FlowEditorScreen } from './components/flow-editor.tsx';
export { FlowsList } from './components/flows-list.tsx';
export { FlowRunScreen } from './components/run-screen.tsx';

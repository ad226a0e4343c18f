export { JoinBuilder } from './components/join-builder.tsx';
export { JoinNode } from './components/join-node.tsx';
export { JoinTask } from './components/join-task.tsx';
export { JoinedData } from './components/joined-data.tsx';
export { JoinsList } from './components/joins-list.tsx';

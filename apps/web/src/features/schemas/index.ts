export { SchemaDetail } from './components/schema-detail.tsx';
export { SchemaMap } from './components/schema-map.tsx';
export { SchemasList } from './components/schemas-list.tsx';

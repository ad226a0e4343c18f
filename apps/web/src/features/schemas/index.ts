export { SchemasList } from './components/schemas-list.tsx';

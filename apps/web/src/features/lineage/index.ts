export { LineageScreen } from './components/lineage-screen.tsx';

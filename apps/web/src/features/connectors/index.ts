export { ConnectorsScreen } from './components/connectors-screen.tsx';

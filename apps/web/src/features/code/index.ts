export { CodeScreen } from './components/code-screen.tsx';

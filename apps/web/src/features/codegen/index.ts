export { CodeGenerationScreen } from './components/codegen-screen.tsx';

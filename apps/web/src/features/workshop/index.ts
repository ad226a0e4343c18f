export { WorkshopPage } from './components/workshop-page.tsx';

// the pipelines screens' Mantine CSS rides along with their header, which every screen renders
import './styles.ts';

export { PageHeader } from '../../../components/ui/page-header.tsx';

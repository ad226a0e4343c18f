export { ProjectDetail } from './components/project-detail.tsx';
export { ProjectFilesPage } from './components/project-files-page.tsx';
export { ProjectsList } from './components/projects-list.tsx';

export { NewPipelineWizard } from './components/new-pipeline-wizard.tsx';
export { PipelineDetail } from './components/pipeline-detail.tsx';
export { PipelinesScreen } from './components/pipelines-screen.tsx';

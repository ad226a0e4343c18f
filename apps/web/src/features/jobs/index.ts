export { JobDetail } from './components/job-detail.tsx';
export { JobTracker } from './components/job-tracker.tsx';
export { JobsPage } from './components/jobs-page.tsx';

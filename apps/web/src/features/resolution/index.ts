export { ResolutionDetail } from './components/resolution-detail.tsx';
export { ResolutionsList } from './components/resolutions-list.tsx';

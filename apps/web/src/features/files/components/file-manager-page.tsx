import { Stack } from '@mantine/core';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { FileManager } from './file-manager.tsx';

/** /file-manager: every file of the organization, in a project or not. */
export function FileManagerPage() {
  return (
    <Stack gap="lg">
      <PageHeader
        crumbs={[{ label: 'Home', to: '/dashboard' }, { label: 'General' }]}
        title="File manager"
        description="Every uploaded file and its versions, across projects. Files uploaded here belong to no project; open a project to upload into it."
      />
      <FileManager />
    </Stack>
  );
}

export const dashboardKey = ['dashboard'] as const;

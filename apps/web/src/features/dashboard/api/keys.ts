/** Query keys of the dashboard: the summary is refreshed by realtime events (`'dashboard'`). */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  summary: () => ['dashboard', 'summary'] as const,
  layouts: () => ['dashboard', 'layouts'] as const,
};

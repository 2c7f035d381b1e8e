import { NoShowReportView } from '../../../../features/appointments/components/no-show-report-view';

/** /appointments/no-shows (administrators): no-shows per month and specialist, reminder hours. */
export function Component() {
  return <NoShowReportView />;
}

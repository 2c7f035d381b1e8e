import { useEffect } from 'react';
import { usePublicConfig } from '../lib/public-config';

/** Sets `<title>` to "{page} · {clinic}" (just the clinic on the home page). */
export function useDocumentTitle(pageTitle: string | undefined): void {
  const { clinicName } = usePublicConfig();
  useEffect(() => {
    document.title = pageTitle ? `${pageTitle} · ${clinicName}` : clinicName;
  }, [pageTitle, clinicName]);
}

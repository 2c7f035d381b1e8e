import { LandingPage } from '../../../features/public-site/components/landing-page';
import { usePublicConfig } from '../../../lib/public-config';

export function LandingRoute() {
  const { clinicName } = usePublicConfig();
  return <LandingPage clinicName={clinicName} />;
}

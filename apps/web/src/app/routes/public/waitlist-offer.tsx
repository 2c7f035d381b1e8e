import { WaitlistOfferScreen } from '../../../features/appointments/components/waitlist-offer-screen';

/** /cita/lista-espera#<token>: a waitlist offer's link, without signing in (ADR 0032). */
export function Component() {
  return <WaitlistOfferScreen />;
}

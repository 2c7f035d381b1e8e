/** schema.org `Event` (with its `Offer`) for a workshop on `/taller` or `/taller-USA`. */
import type { SitePageInput } from '@painlab/shared/site-content';
import type { WorkshopView } from '@painlab/shared/workshops';

export function workshopJsonLd(w: WorkshopView, input: SitePageInput, pageUrl: string): object {
  const first = w.sessions[0];
  const last = w.sessions[w.sessions.length - 1];
  const url = `${pageUrl}#${w.slug}`;
  return {
    '@type': w.sessions.length > 1 ? 'EventSeries' : 'Event',
    '@id': url,
    name: w.title,
    description: w.summary,
    inLanguage: w.lang,
    url,
    startDate: first?.startsAt,
    endDate: last?.endsAt,
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: w.online
      ? 'https://schema.org/OnlineEventAttendanceMode'
      : 'https://schema.org/OfflineEventAttendanceMode',
    location: w.online
      ? { '@type': 'VirtualLocation', url }
      : {
          '@type': 'Place',
          name: w.venue,
          address: { '@type': 'PostalAddress', streetAddress: w.address },
        },
    organizer: { '@type': 'MedicalClinic', name: input.clinicName, url: `${input.origin}/` },
    performer: { '@type': 'Person', name: w.facilitator },
    maximumAttendeeCapacity: w.capacity,
    remainingAttendeeCapacity: w.seatsLeft,
    offers: {
      '@type': 'Offer',
      url,
      price: (w.priceCents / 100).toFixed(2),
      priceCurrency: w.currency,
      availability: w.seatsLeft > 0 ? 'https://schema.org/InStock' : 'https://schema.org/SoldOut',
    },
    ...(w.sessions.length > 1
      ? {
          subEvent: w.sessions.map((s, i) => ({
            '@type': 'Event',
            name: `${w.title} (${i + 1}/${w.sessions.length})`,
            startDate: s.startsAt,
            endDate: s.endsAt,
          })),
        }
      : {}),
  };
}

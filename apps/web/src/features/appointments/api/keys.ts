/** Query keys of the appointments module: every key starts with 'appointment' (SPEC §9: high priority). */
export const appointmentKeys = {
  all: ['appointments'] as const,
  lists: () => ['appointments', 'list'] as const,
  list: (from: string, to: string, specialistIds: string[]) =>
    ['appointments', 'list', from, to, specialistIds] as const,
  mine: () => ['appointments', 'mine'] as const,
  types: () => ['appointments', 'types'] as const,
  specialists: () => ['appointments', 'specialists'] as const,
  settings: () => ['appointments', 'settings'] as const,
  calendarFeed: () => ['appointments', 'calendar-feed'] as const,
  availability: (specialistId: string) => ['appointments', 'availability', specialistId] as const,
  slots: (specialistId: string, typeId: string, from: string, to: string) =>
    ['appointments', 'slots', specialistId, typeId, from, to] as const,
  patientSearch: (q: string) => ['appointments', 'patient-search', q] as const,
  waitlist: () => ['appointments', 'waitlist'] as const,
};

export const appointmentPath = (id: string) => `/api/appointments/${encodeURIComponent(id)}`;

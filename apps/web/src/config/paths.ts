/**
 * Every route of SPEC §2 as a typed path. `path` is the router pattern; `href` builds a link.
 * Route ids double as translation keys (`nav:routes.<id>`).
 */
export const paths = {
  // Public site
  home: { path: '/', href: () => '/' },
  index: { path: '/index', href: () => '/index' },
  chronicPainTherapy: {
    path: '/servicios/terapia-dolor-cronico',
    href: () => '/servicios/terapia-dolor-cronico',
  },
  stressWorkshops: {
    path: '/servicios/talleres-manejo-estres',
    href: () => '/servicios/talleres-manejo-estres',
  },
  workshop: { path: '/taller', href: () => '/taller' },
  workshopUsa: { path: '/taller-USA', href: () => '/taller-USA' },
  painFree: { path: '/cerodolor', href: () => '/cerodolor' },
  blog: { path: '/blog', href: () => '/blog' },
  blogPost: { path: '/blog/:slug', href: (slug: string) => `/blog/${encodeURIComponent(slug)}` },
  specialist: {
    path: '/especialistas/:id',
    href: (id: string) => `/especialistas/${encodeURIComponent(id)}`,
  },
  testimonials: { path: '/testimonios', href: () => '/testimonios' },
  contact: { path: '/contacto', href: () => '/contacto' },
  contactSection: { path: '/', href: () => '/#contacto' },
  login: { path: '/login', href: () => '/login' },
  register: { path: '/register', href: () => '/register' },
  forgotPassword: { path: '/forgot-password', href: () => '/forgot-password' },
  resetPassword: { path: '/reset-password', href: () => '/reset-password' },
  staffInvitation: { path: '/invitation', href: () => '/invitation' },

  // Signed-in area, open to any signed-in user
  dashboard: { path: '/dashboard', href: () => '/dashboard' },
  myPlan: { path: '/my-plan', href: () => '/my-plan' },
  messages: { path: '/messages', href: () => '/messages' },
  appointmentsPage: { path: '/appointments-page', href: () => '/appointments-page' },
  tasks: { path: '/tasks', href: () => '/tasks' },
  newReport: { path: '/reports/new', href: () => '/reports/new' },
  settings: { path: '/settings', href: () => '/settings' },
  research: { path: '/research', href: () => '/research' },
  smartSearch: { path: '/smart-search', href: () => '/smart-search' },
  aiAssistant: { path: '/ai-assistant', href: () => '/ai-assistant' },
  notifications: { path: '/notifications', href: () => '/notifications' },
  // The patient's own record (portal): any signed-in user; staff without a linked record are told so.
  myRecord: { path: '/my-record', href: () => '/my-record' },
  myRecordAccess: { path: '/my-record/access', href: () => '/my-record/access' },
  // Not in SPEC §2 (ADR 0016): filling a questionnaire — the patient their own, staff from paper.
  questionnaire: {
    path: '/questionnaires/:id',
    href: (id: string) => `/questionnaires/${encodeURIComponent(id)}`,
  },
  // Not in SPEC §2 (ADR 0016): the public page a questionnaire notice's link opens (token in the fragment).
  questionnaireLink: { path: '/cuestionario', href: () => '/cuestionario' },
  // Not in SPEC §2 (ADR 0021): the public pages of an appointment reminder's links.
  appointmentConfirmLink: { path: '/cita/confirmar', href: () => '/cita/confirmar' },
  appointmentCancelLink: { path: '/cita/anular', href: () => '/cita/anular' },
  waitlistOfferLink: { path: '/cita/lista-espera', href: () => '/cita/lista-espera' },

  // Admin or specialist
  patients: { path: '/patients', href: () => '/patients' },
  newPatient: { path: '/patients/new', href: () => '/patients/new' },
  patient: { path: '/patients/:id', href: (id: string) => `/patients/${encodeURIComponent(id)}` },
  // Not in SPEC §2: the edit mode of the patient form and the CSV import, staff only like /patients.
  editPatient: {
    path: '/patients/:id/edit',
    href: (id: string) => `/patients/${encodeURIComponent(id)}/edit`,
  },
  importPatients: { path: '/patients/import', href: () => '/patients/import' },
  patientCancerProtocol: {
    path: '/patients/:id/cancer-protocol',
    href: (id: string) => `/patients/${encodeURIComponent(id)}/cancer-protocol`,
  },
  treatments: {
    path: '/treatments/:id?',
    href: (id?: string) => (id ? `/treatments/${encodeURIComponent(id)}` : '/treatments'),
  },
  appointments: { path: '/appointments', href: () => '/appointments' },
  // Not in SPEC §2 (ADR 0021): the no-show report, administrators only.
  noShowReport: { path: '/appointments/no-shows', href: () => '/appointments/no-shows' },
  // Not in SPEC §2: working hours and exceptions (a specialist their own; administrators anyone's).
  availability: { path: '/appointments/availability', href: () => '/appointments/availability' },
  reports: { path: '/reports', href: () => '/reports' },
  newReportTemplate: { path: '/reports/templates/new', href: () => '/reports/templates/new' },
  trtManagement: {
    path: '/trt-management/:id?',
    href: (id?: string) => (id ? `/trt-management/${encodeURIComponent(id)}` : '/trt-management'),
  },
  painPsychology: {
    path: '/pain-psychology/:id?',
    href: (id?: string) => (id ? `/pain-psychology/${encodeURIComponent(id)}` : '/pain-psychology'),
  },
  cancerProtocols: { path: '/cancer-protocols', href: () => '/cancer-protocols' },

  // Other guards
  auditLogs: { path: '/audit-logs', href: () => '/audit-logs' },
  adminRoles: { path: '/admin/roles', href: () => '/admin/roles' },
  adminOutbox: { path: '/admin/outbox', href: () => '/admin/outbox' },
  adminContactMessages: {
    path: '/admin/contact-messages',
    href: () => '/admin/contact-messages',
  },
  adminWorkshops: { path: '/admin/workshops', href: () => '/admin/workshops' },
  // Issue 10: staff editing of the public site (ADR 0027)
  siteContent: { path: '/site-content', href: () => '/site-content' },
  analytics: { path: '/analytics', href: () => '/analytics' },
  classicalMedicine: { path: '/classical-medicine', href: () => '/classical-medicine' },
  apiDocs: { path: '/api-docs', href: () => '/api-docs' },

  notFound: { path: '*', href: () => '/404' },
} as const;

export type PathId = keyof typeof paths;

/**
 * One error envelope for the whole API: `{ error: { code, message, details? } }`.
 * `message` is already translated to the request's language; the client may also translate `code`.
 */
import { z } from 'zod';

export const ERROR_CODES = [
  'bad_request',
  'validation_failed',
  'unauthenticated',
  'forbidden',
  'not_found',
  'method_not_allowed',
  'conflict',
  'duplicate_patient',
  'transition_not_allowed',
  'email_taken',
  'email_already_confirmed',
  'self_change_forbidden',
  'payload_too_large',
  'unsupported_media_type',
  'rate_limited',
  'module_unavailable',
  'service_unavailable',
  'internal_error',
  'invalid_text',
  'cross_origin_refused',
  'slot_taken',
  'slot_unavailable',
  'series_conflict',
  'cancel_notice_passed',
  'link_invalid',
  'link_expired',
  'link_used',
  'reminder_link_invalid',
  'reminder_link_expired',
  'reminder_link_used',
  'appointment_cancelled',
  'already_registered',
  'workshop_closed',
  'capacity_below_taken',
  'workshop_link_invalid',
  'workshop_link_expired',
  'workshop_link_used',
  'waitlist_duplicate',
  'waitlist_link_invalid',
  'waitlist_link_expired',
  'waitlist_link_used',
  'waitlist_slot_gone',
  'plan_already_active',
  'mfa_required',
  'mfa_enrolment_required',
  'mfa_not_enrolled',
  'mfa_self_reset_forbidden',
  'invitation_invalid',
  'invitation_expired',
  'invitation_used',
  'registration_closed',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const fieldIssueSchema = z.object({
  path: z.string(),
  code: z.string(),
  message: z.string(),
});
export type FieldIssue = z.infer<typeof fieldIssueSchema>;

export const errorEnvelopeSchema = z.object({
  error: z.object({
    code: z.enum(ERROR_CODES),
    message: z.string(),
    requestId: z.string().optional(),
    details: z.array(fieldIssueSchema).optional(),
  }),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

export type Lang = 'en' | 'es';

type Params = Record<string, string>;

const MESSAGES: Record<ErrorCode, Record<Lang, string>> = {
  bad_request: {
    en: 'The request could not be understood.',
    es: 'No se pudo entender la solicitud.',
  },
  validation_failed: {
    en: 'Some fields are not valid. Please check them and try again.',
    es: 'Algunos campos no son válidos. Revíselos e inténtelo de nuevo.',
  },
  unauthenticated: {
    en: 'Authentication required. Please log in to continue.',
    es: 'Autenticación requerida. Inicie sesión para continuar.',
  },
  forbidden: {
    en: 'Access denied. You need {action} permission for {resource}.',
    es: 'Acceso denegado. Necesita el permiso {action} sobre {resource}.',
  },
  not_found: { en: 'Not found.', es: 'No encontrado.' },
  method_not_allowed: {
    en: 'This operation is not allowed on this resource.',
    es: 'Esta operación no está permitida sobre este recurso.',
  },
  conflict: {
    en: 'This record was changed by someone else. Reload it and try again.',
    es: 'Otra persona modificó este registro. Recárguelo e inténtelo de nuevo.',
  },
  duplicate_patient: {
    en: 'A patient with this name and date of birth already exists. Check it is not the same person, or confirm to create it anyway.',
    es: 'Ya existe un paciente con este nombre y fecha de nacimiento. Compruebe que no es la misma persona o confirme para crearlo igualmente.',
  },
  transition_not_allowed: {
    en: 'This status change is not allowed from the current status. Reload the task and try again.',
    es: 'Este cambio de estado no está permitido desde el estado actual. Recargue la tarea e inténtelo de nuevo.',
  },
  registration_closed: {
    en: 'Registration is closed. Ask your clinic for an invitation.',
    es: 'El registro está cerrado. Pida una invitación a su clínica.',
  },
  email_already_confirmed: {
    en: 'Your e-mail address is already confirmed.',
    es: 'Su dirección de correo ya está confirmada.',
  },
  email_taken: {
    en: 'A user with this e-mail address already exists.',
    es: 'Ya existe un usuario con esta dirección de correo.',
  },
  self_change_forbidden: {
    en: 'You cannot remove your own administrator access or delete your own account here.',
    es: 'No puede quitarse su propio acceso de administrador ni eliminar su propia cuenta aquí.',
  },
  payload_too_large: { en: 'The request is too large.', es: 'La solicitud es demasiado grande.' },
  unsupported_media_type: {
    en: 'This kind of content is not accepted here. Send {accepted}.',
    es: 'Este tipo de contenido no se acepta aquí. Envíe {accepted}.',
  },
  rate_limited: {
    en: 'Too many attempts. Please wait a moment and try again.',
    es: 'Demasiados intentos. Espere un momento e inténtelo de nuevo.',
  },
  module_unavailable: {
    en: 'This module is not yet available.',
    es: 'Este módulo aún no está disponible.',
  },
  service_unavailable: {
    en: "We're having trouble connecting to our servers. This might be a temporary issue.",
    es: 'Tenemos problemas para conectar con nuestros servidores. Puede ser un problema temporal.',
  },
  internal_error: { en: 'An unknown error occurred', es: 'Se produjo un error desconocido' },
  cross_origin_refused: {
    en: 'This request came from another site (origin) and was refused.',
    es: 'Esta solicitud procede de otro sitio (origen) y se ha rechazado.',
  },
  link_invalid: {
    en: 'This questionnaire link is not valid. Check that it was copied whole, or ask your care team for a new one.',
    es: 'Este enlace de cuestionario no es válido. Compruebe que lo ha copiado completo o pida uno nuevo a su equipo asistencial.',
  },
  link_expired: {
    en: 'This questionnaire link has expired. Ask your care team for a new one, or sign in to fill it.',
    es: 'Este enlace de cuestionario ha caducado. Pida uno nuevo a su equipo asistencial o inicie sesión para rellenarlo.',
  },
  link_used: {
    en: 'This questionnaire has already been sent with this link. Thank you — there is nothing more to do.',
    es: 'Este cuestionario ya se envió con este enlace. Gracias: no hay nada más que hacer.',
  },
  mfa_not_enrolled: {
    en: 'This account has no two-step verification to reset.',
    es: 'Esta cuenta no tiene verificación en dos pasos que restablecer.',
  },
  mfa_self_reset_forbidden: {
    en: 'You cannot reset your own two-step verification here. Change it in Settings.',
    es: 'No puede restablecer aquí su propia verificación en dos pasos. Cámbiela en Ajustes.',
  },
  invitation_invalid: {
    en: 'This invitation link is not valid or was withdrawn. Ask the clinic for a new one.',
    es: 'Este enlace de invitación no es válido o se ha retirado. Pida uno nuevo a la clínica.',
  },
  invitation_expired: {
    en: 'This invitation link has expired. Ask the clinic to send it again.',
    es: 'Este enlace de invitación ha caducado. Pida a la clínica que se lo envíe de nuevo.',
  },
  invitation_used: {
    en: 'This invitation was already accepted. Sign in with your e-mail and password.',
    es: 'Esta invitación ya se aceptó. Inicie sesión con su correo y su contraseña.',
  },
  plan_already_active: {
    en: 'This patient already has an active treatment plan. Complete or discontinue it first.',
    es: 'Este paciente ya tiene un plan de tratamiento activo. Complételo o suspéndalo primero.',
  },
  mfa_required: {
    en: 'Your role needs a second factor for this. Confirm it is you with your authenticator app, a code sent by e-mail or a recovery code.',
    es: 'Su rol necesita un segundo factor para esto. Confirme su identidad con su aplicación de autenticación, un código enviado por correo o un código de recuperación.',
  },
  mfa_enrolment_required: {
    en: 'Your role must use two-step verification. Set up an authenticator app, codes by e-mail or a passkey in Settings to go on.',
    es: 'Su rol debe usar la verificación en dos pasos. Configure una aplicación de autenticación, códigos por correo o una llave de acceso en Ajustes para continuar.',
  },
  invalid_text: {
    en: 'The request contains characters that are not allowed (control characters or broken text).',
    es: 'La solicitud contiene caracteres no permitidos (caracteres de control o texto dañado).',
  },
  slot_taken: {
    en: 'This time slot has just been taken. Choose another time.',
    es: 'Este hueco acaba de ocuparse. Elija otra hora.',
  },
  series_conflict: {
    en: 'Dates taken by other visits: {count}. Nothing was saved. Choose another time, or book only the free dates.',
    es: 'Fechas ocupadas por otras visitas: {count}. No se ha guardado nada. Elija otra hora o reserve solo las fechas libres.',
  },
  slot_unavailable: {
    en: 'This time is not one of the free slots. Choose one of the times offered.',
    es: 'Esta hora no es uno de los huecos libres. Elija una de las horas ofrecidas.',
  },
  cancel_notice_passed: {
    en: 'This appointment can no longer be cancelled online ({hours} h notice). Please call the clinic.',
    es: 'Esta cita ya no puede anularse en línea (aviso de {hours} h). Llame a la clínica.',
  },
  reminder_link_invalid: {
    en: 'This appointment link is not valid. Check that it was copied whole, or call the clinic.',
    es: 'Este enlace de la cita no es válido. Compruebe que lo ha copiado completo o llame a la clínica.',
  },
  reminder_link_expired: {
    en: 'This appointment link has expired (the appointment has started or was moved). Sign in or call the clinic.',
    es: 'Este enlace de la cita ha caducado (la cita ya empezó o se ha cambiado). Inicie sesión o llame a la clínica.',
  },
  reminder_link_used: {
    en: 'This link has already been used. There is nothing more to do.',
    es: 'Este enlace ya se ha usado. No hay nada más que hacer.',
  },
  appointment_cancelled: {
    en: 'This appointment has been cancelled.',
    es: 'Esta cita está anulada.',
  },
  already_registered: {
    en: 'This e-mail address is already registered for this workshop (or on its waitlist). Check your inbox for the confirmation.',
    es: 'Esta dirección de correo ya está inscrita en este taller (o en su lista de espera). Busque la confirmación en su correo.',
  },
  workshop_closed: {
    en: 'Registration for this workshop is closed.',
    es: 'La inscripción en este taller está cerrada.',
  },
  capacity_below_taken: {
    en: 'The capacity cannot be lower than the seats already taken ({taken}). Cancel registrations first.',
    es: 'La capacidad no puede ser menor que las plazas ya ocupadas ({taken}). Anule antes algunas inscripciones.',
  },
  waitlist_duplicate: {
    en: 'This patient is already on the waitlist for this specialist and type of visit.',
    es: 'Este paciente ya está en la lista de espera para este especialista y tipo de cita.',
  },
  waitlist_link_invalid: {
    en: 'This waitlist link is not valid. Check that it was copied whole, or call the clinic.',
    es: 'Este enlace de la lista de espera no es válido. Compruebe que lo ha copiado completo o llame a la clínica.',
  },
  waitlist_link_expired: {
    en: 'This offer has expired: the time was offered to the next person. You are still on the waitlist.',
    es: 'Esta oferta ha caducado: la hora se ha ofrecido a la siguiente persona. Sigue en la lista de espera.',
  },
  waitlist_link_used: {
    en: 'This offer has already been answered. There is nothing more to do.',
    es: 'Esta oferta ya se ha respondido. No hay nada más que hacer.',
  },
  waitlist_slot_gone: {
    en: 'Sorry, this time was taken meanwhile. You are still on the waitlist; we will write when another one is free.',
    es: 'Lo sentimos, esta hora se ha ocupado mientras tanto. Sigue en la lista de espera; le escribiremos cuando quede otra libre.',
  },
  workshop_link_invalid: {
    en: 'This workshop link is not valid. Check that it was copied whole.',
    es: 'Este enlace del taller no es válido. Compruebe que lo ha copiado completo.',
  },
  workshop_link_expired: {
    en: 'This workshop link has expired.',
    es: 'Este enlace del taller ha caducado.',
  },
  workshop_link_used: {
    en: 'This workshop link has already been used.',
    es: 'Este enlace del taller ya se ha usado.',
  },
};

/**
 * The actions and resources a `forbidden` message names (the English term is the key), with their
 * Spanish: the message is translated whole, not only its frame. `DomainError.forbidden` takes only
 * these terms, so a new one cannot be added without its translation.
 */
export const PERMISSION_TERMS = {
  view: 'ver',
  create: 'crear',
  edit: 'editar',
  delete: 'eliminar',
  access: 'acceder',
  link: 'vincular',
  'filter by patient': 'filtrar por paciente',
  'search or sort by identifying fields': 'buscar u ordenar por datos identificativos',
  patients: 'pacientes',
  appointments: 'citas',
  treatments: 'tratamientos',
  analytics: 'analíticas',
  research: 'investigación',
  users: 'usuarios',
  audit_logs: 'registros de auditoría',
  site_content: 'contenido del sitio',
  tasks: 'tareas',
  questionnaires: 'cuestionarios',
  fill: 'rellenar',
  messages: 'mensajes',
  'a thread with a patient': 'una conversación con un paciente',
  recipients: 'destinatarios',
  'identified patient records': 'historias clínicas identificadas',
  'de-identified patients': 'pacientes desidentificados',
  'a patient record': 'una historia clínica',
  'this note': 'esta nota',
  'this appointment': 'esta cita',
  'book online': 'reservar en línea',
  'appointment settings': 'la configuración de citas',
  'this route': 'esta ruta',
  acknowledge: 'confirmar',
  'a treatment plan': 'un plan de tratamiento',
} as const satisfies Record<string, string>;
export type PermissionTerm = keyof typeof PERMISSION_TERMS;

const inLanguage = (code: ErrorCode, lang: Lang, value: string): string =>
  code === 'forbidden' && lang === 'es' && Object.hasOwn(PERMISSION_TERMS, value)
    ? PERMISSION_TERMS[value as PermissionTerm]
    : value;

export function errorMessage(code: ErrorCode, lang: Lang, params: Params = {}): string {
  return MESSAGES[code][lang].replace(/\{(\w+)\}/g, (m, k: string) =>
    params[k] === undefined ? m : inLanguage(code, lang, params[k]),
  );
}

/** Picks `es` or `en` from an Accept-Language header; English is the fallback (SPEC §1). */
export function pickLang(acceptLanguage: string | null | undefined): Lang {
  if (!acceptLanguage) return 'en';
  for (const part of acceptLanguage.split(',')) {
    const tag = part.split(';')[0]?.trim().toLowerCase() ?? '';
    if (tag.startsWith('es')) return 'es';
    if (tag.startsWith('en')) return 'en';
  }
  return 'en';
}

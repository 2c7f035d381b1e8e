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
  'cancel_notice_passed',
  'link_invalid',
  'link_expired',
  'link_used',
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
  invalid_text: {
    en: 'The request contains characters that are not allowed (control characters or broken text).',
    es: 'La solicitud contiene caracteres no permitidos (caracteres de control o texto dañado).',
  },
  slot_taken: {
    en: 'This time slot has just been taken. Choose another time.',
    es: 'Este hueco acaba de ocuparse. Elija otra hora.',
  },
  slot_unavailable: {
    en: 'This time is not one of the free slots. Choose one of the times offered.',
    es: 'Esta hora no es uno de los huecos libres. Elija una de las horas ofrecidas.',
  },
  cancel_notice_passed: {
    en: 'This appointment can no longer be cancelled online ({hours} h notice). Please call the clinic.',
    es: 'Esta cita ya no puede anularse en línea (aviso de {hours} h). Llame a la clínica.',
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

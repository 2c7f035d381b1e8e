/**
 * What a service refuses, in domain terms: a code of the shared error catalogue (translated by the
 * HTTP layer), its message parameters and details. Services throw these through the named
 * constructors; `http/errors.ts` maps each code to its HTTP status, in one place. Services never
 * import the HTTP layer.
 */
import type { ErrorCode, FieldIssue, PermissionTerm } from '@painlab/shared/errors';

export type DomainErrorDetails = FieldIssue[] | Record<string, unknown>;

export class DomainError extends Error {
  private constructor(
    readonly code: ErrorCode,
    readonly params: Record<string, string> = {},
    readonly details?: DomainErrorDetails,
  ) {
    super(code);
    this.name = 'DomainError';
  }

  static notFound(): DomainError {
    return new DomainError('not_found');
  }

  /** `action` and `resource` fill the translated message ("You need {action} permission for {resource}"). */
  static forbidden(action: PermissionTerm, resource: PermissionTerm): DomainError {
    return new DomainError('forbidden', { action, resource });
  }

  /** The record changed since it was read (or its state forbids the change). */
  static conflict(): DomainError {
    return new DomainError('conflict');
  }

  /** A status change the record's current status does not allow (tasks' explicit transitions). */
  static transitionNotAllowed(): DomainError {
    return new DomainError('transition_not_allowed');
  }

  /** The patient already has an active treatment plan (the one-active-plan index). */
  static planAlreadyActive(): DomainError {
    return new DomainError('plan_already_active');
  }

  /** The specialist's time is held by another appointment (the exclusion constraint). */
  static slotTaken(): DomainError {
    return new DomainError('slot_taken');
  }

  /** Dates of a recurring series (ADR 0037) that other visits hold: nothing was booked or moved. */
  static seriesConflict(conflicts: { index: number; startsAt: string }[]): DomainError {
    return new DomainError('series_conflict', { count: String(conflicts.length) }, { conflicts });
  }

  /** The action needs a session confirmed with a second factor (aal2) for this account. */
  static mfaRequired(): DomainError {
    return new DomainError('mfa_required');
  }

  /** Too many tries: wait (the account's or the address's limit). */
  static rateLimited(retryAfterS: number): DomainError {
    return new DomainError('rate_limited', {}, { retryAfterS });
  }

  /** A patient asked for a time that is not one of the free slots. */
  static slotUnavailable(): DomainError {
    return new DomainError('slot_unavailable');
  }

  /** A patient's cancellation inside the clinic's notice period. */
  static cancelNoticePassed(hours: number): DomainError {
    return new DomainError('cancel_notice_passed', { hours: String(hours) });
  }

  /** Sign-up is off on this server (REGISTRATION_OPEN=false): accounts come by invitation. */
  static registrationClosed(): DomainError {
    return new DomainError('registration_closed');
  }

  /** The sign-in address was confirmed already: no new link. */
  static emailAlreadyConfirmed(): DomainError {
    return new DomainError('email_already_confirmed');
  }

  /** A unique value is taken (an e-mail address). */
  static taken(code: 'email_taken'): DomainError {
    return new DomainError(code);
  }

  /** The actor may not do this to themselves (remove their own admin role, delete themselves). */
  static selfChange(): DomainError {
    return new DomainError('self_change_forbidden');
  }

  /** An administrator's MFA reset that cannot apply: their own account, or no factor to remove. */
  static mfaReset(code: 'mfa_not_enrolled' | 'mfa_self_reset_forbidden'): DomainError {
    return new DomainError(code);
  }

  /** A staff invitation link that names nothing (or was revoked), has expired or was used. */
  static invitation(
    code: 'invitation_invalid' | 'invitation_expired' | 'invitation_used',
  ): DomainError {
    return new DomainError(code);
  }

  static duplicatePatient(matches: { id: string; name: string; birthDate: string }[]): DomainError {
    return new DomainError('duplicate_patient', {}, { matches });
  }

  /** Input that passed the schema but breaks a rule (a field issue per problem). */
  static validation(issues: FieldIssue[]): DomainError {
    return new DomainError('validation_failed', {}, issues);
  }

  /** A questionnaire link that names nothing (tampered, truncated), has expired or was used. */
  static link(code: 'link_invalid' | 'link_expired' | 'link_used'): DomainError {
    return new DomainError(code);
  }

  /** An appointment reminder's confirm or cancel link (ADR 0021), or its appointment cancelled. */
  static reminderLink(
    code:
      | 'reminder_link_invalid'
      | 'reminder_link_expired'
      | 'reminder_link_used'
      | 'appointment_cancelled',
  ): DomainError {
    return new DomainError(code);
  }

  /** The appointments waitlist (ADR 0032): a duplicate entry, an offer's link, a slot gone. */
  static waitlist(
    code:
      | 'waitlist_duplicate'
      | 'waitlist_link_invalid'
      | 'waitlist_link_expired'
      | 'waitlist_link_used'
      | 'waitlist_slot_gone',
  ): DomainError {
    return new DomainError(code);
  }

  static invalidField(path: string, code: string, message = code): DomainError {
    return DomainError.validation([{ path, code, message }]);
  }
}

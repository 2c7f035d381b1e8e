/** Test data for the patients specs, created through the real API with the signed-in page's cookies. */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { MINIMAL_PATIENT } from '@painlab/shared/personas';
import { BASE_URL, createUser } from './helpers';

export type PatientInput = {
  name: string;
  birthDate?: string;
  gender?: 'male' | 'female' | 'other';
  category?: string;
  priority?: 'high' | 'medium' | 'low';
  status?: string;
  email?: string | null;
  contactNumber?: string | null;
  allergies?: string[];
  symptoms?: string[];
  currentMedications?: string[];
  medicalHistory?: string | null;
};

export type CreatedPatient = { id: string; name: string; version: number } & Record<
  string,
  unknown
>;

let counter = 0;
const LETTERS = 'bcdfghjklmnpqrstvwxz';

/**
 * A word made of letters only, unique to this run and test (the name search is typo-tolerant, so
 * test data must not look alike across tests running in parallel).
 */
export function uniqueWord(): string {
  counter += 1;
  let n = Date.now() * 1000 + process.pid * 37 + counter * 7919;
  let word = '';
  while (word.length < 9) {
    word += LETTERS[n % LETTERS.length];
    n = Math.floor(n / LETTERS.length) + 13;
  }
  return `${word[0]!.toUpperCase()}${word.slice(1)}`;
}

export async function createPatient(
  request: APIRequestContext | Page,
  input: PatientInput,
): Promise<CreatedPatient> {
  const api = 'request' in request ? request.request : request;
  const response = await api.post('/api/patients', {
    headers: { Origin: BASE_URL },
    data: { ...MINIMAL_PATIENT, ...input },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as CreatedPatient;
}

/** The path and query of an absolute link (the server builds invite links on its configured origin). */
export function pathOf(link: string): string {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

/**
 * A fresh patient account (the demo patient stays without a record for the portal spec), linked to a
 * record whose specialist is the demo specialist, as staff would: invite, then claim.
 */
export async function patientWithCareTeam(
  clinician: APIRequestContext,
  patient: APIRequestContext,
  fields: Partial<PatientInput> = {},
) {
  const account = await createUser(patient);
  const signIn = await patient.post('/api/auth/sign-in/email', {
    headers: { Origin: BASE_URL },
    data: { email: account.email, password: account.password },
  });
  expect(signIn.ok(), await signIn.text()).toBe(true);
  const me = (await (await clinician.get('/api/me')).json()) as { user: { id: string } };
  const record = await createPatient(clinician, {
    name: `Pablo Paciente ${uniqueWord()}`,
    ...fields,
    ...({ assignedSpecialistId: me.user.id } as object),
  });
  const invite = await clinician.post(`/api/patients/${record.id}/invite`, {
    headers: { Origin: BASE_URL },
    data: { email: account.email },
  });
  expect(invite.status(), await invite.text()).toBe(200);
  const token = new URL(((await invite.json()) as { link: string }).link).searchParams.get(
    'invite',
  );
  const claim = await patient.post('/api/portal/claim', {
    headers: { Origin: BASE_URL },
    data: { token },
  });
  expect(claim.status(), await claim.text()).toBe(200);
  return { ...account, recordId: record.id, recordName: record.name };
}

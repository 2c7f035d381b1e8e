/**
 * The people and records every demo and test uses, defined once: the demo accounts (seeded by the
 * server when SEED_DEMO is on, signed in by the API harness and the e2e suite) and the patient
 * fixtures of the API and e2e tests. Import it as `@painlab/shared/personas` from the server, tests
 * and e2e only: the web app's source may not import it (ESLint), so it never enters the bundle.
 */
import type { PatientFields } from './patients';
import type { Role } from './permissions';

/** The README's published demo password (DEMO_PASSWORD in env.ts overrides it for the seed). */
export const DEMO_PASSWORD = 'painlab-demo-2026';

export interface Persona {
  role: Role;
  email: string;
  name: string;
}

/** One demo account per role (README "Demo accounts"). */
export const DEMO_ACCOUNTS: readonly Persona[] = [
  { role: 'admin', email: 'admin@demo.painlab.test', name: 'Ana Admin' },
  { role: 'specialist', email: 'specialist@demo.painlab.test', name: 'Dra. Sofía Especialista' },
  { role: 'researcher', email: 'researcher@demo.painlab.test', name: 'Rafael Investigador' },
  { role: 'user', email: 'user@demo.painlab.test', name: 'Pablo Paciente' },
];

/** The demo account's e-mail, by role. */
export const DEMO = Object.fromEntries(DEMO_ACCOUNTS.map((a) => [a.role, a.email])) as Readonly<
  Record<Role, string>
>;

export const demoEmail = (role: Role): string => DEMO[role];

/** A patient with only the required fields (tests add a `name`, unique where it matters). */
export const MINIMAL_PATIENT = {
  birthDate: '1980-05-17',
  gender: 'female',
  category: 'chronic_pain',
  priority: 'medium',
} as const satisfies Omit<PatientFields, 'name'>;

/** A patient with every field filled, including accents and a Spanish phone number. */
export const SAMPLE_PATIENT = {
  name: 'José Núñez González',
  birthDate: '1980-05-02',
  gender: 'male',
  category: 'chronic_pain',
  priority: 'high',
  contactNumber: '+34 600 123 456',
  email: 'jose@example.test',
  symptoms: ['Lumbalgia crónica'],
  medicalHistory: 'Hernia discal L4-L5 (2019).',
  currentMedications: ['Ibuprofeno 400 mg'],
  allergies: ['Penicilina'],
} satisfies PatientFields;

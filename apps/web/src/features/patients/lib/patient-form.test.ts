import type { Patient } from '@painlab/shared/patients';
import { describe, expect, it } from 'vitest';
import en from '../../../locales/en/patients.json';
import es from '../../../locales/es/patients.json';
import {
  buildPatientUpdate,
  derivedAge,
  EMPTY_FORM,
  firstErrorMessage,
  formFieldOfPath,
  LIST_FIELDS,
  patientFormSchema,
  patientToFormValues,
  splitLines,
  validationKey,
  VALIDATION_KEYS,
  type PatientFormValues,
} from './patient-form';

const valid: PatientFormValues = {
  ...EMPTY_FORM,
  name: '  Ana Núñez ',
  birthDate: '1980-05-17',
  gender: 'female',
  category: 'chronic_pain',
  priority: 'high',
  status: 'in_treatment',
  email: ' Ana@Example.ORG ',
  symptoms: 'Lower back pain\n\n  Insomnia  \n',
  allergies: 'Penicillin',
};

function issues(values: PatientFormValues): Record<string, string> {
  const result = patientFormSchema.safeParse(values);
  if (result.success) return {};
  // The first issue of each field, as the form's resolver shows it.
  const out: Record<string, string> = {};
  for (const issue of result.error.issues) out[String(issue.path[0])] ??= issue.message;
  return out;
}

describe('patient form schema (shared patientFieldsSchema)', () => {
  it('turns the form into the API fields', () => {
    const result = patientFormSchema.parse(valid);
    expect(result).toMatchObject({
      name: 'Ana Núñez',
      birthDate: '1980-05-17',
      email: 'ana@example.org',
      contactNumber: null,
      medicalHistory: null,
      symptoms: ['Lower back pain', 'Insomnia'],
      currentMedications: [],
      allergies: ['Penicillin'],
      assignedSpecialistId: null,
    });
  });

  it('takes its fields, its list fields and its defaults from the shared schema', () => {
    expect(LIST_FIELDS).toEqual(['symptoms', 'currentMedications', 'allergies']);
    expect(EMPTY_FORM).toEqual({
      name: '',
      birthDate: '',
      gender: '',
      category: '',
      priority: '',
      status: 'new',
      contactNumber: '',
      email: '',
      symptoms: '',
      medicalHistory: '',
      currentMedications: '',
      allergies: '',
      assignedSpecialistId: '',
    });
  });

  it('gives the SPEC §5 message keys', () => {
    expect(issues({ ...valid, name: '   ' }).name).toBe('name_required');
    expect(issues({ ...valid, email: 'not-an-email' }).email).toBe('invalid_email');
    const nextYear = new Date().getUTCFullYear() + 1;
    expect(issues({ ...valid, birthDate: `${nextYear}-01-01` }).birthDate).toBe('age_positive');
  });

  it('gives the other keys of the shared schema', () => {
    expect(issues({ ...valid, birthDate: '' }).birthDate).toBe('invalid_date');
    expect(issues({ ...valid, birthDate: '2023-02-30' }).birthDate).toBe('invalid_date');
    expect(issues({ ...valid, birthDate: '1800-01-01' }).birthDate).toBe('age_too_high');
    expect(issues({ ...valid, contactNumber: 'call me' }).contactNumber).toBe('invalid_phone');
    expect(issues({ ...valid, gender: '' }).gender).toBe('invalid_choice');
    expect(issues({ ...valid, name: 'x'.repeat(121) }).name).toBe('too_long');
    expect(
      issues({ ...valid, symptoms: Array.from({ length: 51 }, (_, i) => `s${i}`).join('\n') })
        .symptoms,
    ).toBe('too_many');
    expect(issues({ ...valid, allergies: 'y'.repeat(201) }).allergies).toBe('too_long');
  });

  it('has an English and a Spanish text for every key, with the SPEC §5 wording', () => {
    for (const key of VALIDATION_KEYS) {
      expect(en.validation[key], key).toBeTruthy();
      expect(es.validation[key], key).toBeTruthy();
    }
    expect(en.validation.name_required).toBe('Name is required');
    expect(en.validation.age_positive).toBe('Age must be a positive number');
    expect(en.validation.invalid_email).toBe('Invalid email address');
    expect(es.validation.name_required).toBe('El nombre es obligatorio');
    expect(es.validation.age_positive).toBe('La edad debe ser un número positivo');
    expect(es.validation.invalid_email).toBe('Dirección de correo electrónico no válida');
    expect(en.errors.unauthenticated).toBe('You must be logged in to perform this action');
    expect(en.errors.createFailed).toBe('Could not create patient');
    expect(en.errors.saveFailed).toBe('Error saving patient');
    expect(en.errors.unknown).toBe('An unknown error occurred');
  });

  it('maps unknown messages to a generic key', () => {
    expect(validationKey('name_required')).toBe('name_required');
    expect(validationKey('Invalid input: expected string')).toBe('invalid');
    expect(validationKey(undefined)).toBeUndefined();
  });

  it('finds the message of a list field error on one of its lines', () => {
    expect(firstErrorMessage({ message: 'too_many', type: 'custom' })).toBe('too_many');
    expect(firstErrorMessage([undefined, undefined, { message: 'too_long', type: 'custom' }])).toBe(
      'too_long',
    );
    expect(firstErrorMessage(undefined)).toBeUndefined();
  });

  it('maps API issue paths to form fields', () => {
    expect(formFieldOfPath('name')).toBe('name');
    expect(formFieldOfPath('symptoms.2')).toBe('symptoms');
    expect(formFieldOfPath('/email')).toBe('email');
    expect(formFieldOfPath('version')).toBeUndefined();
  });

  it('splits list fields one entry per line', () => {
    expect(splitLines(' a \r\n\nb\n  \nc')).toEqual(['a', 'b', 'c']);
  });

  it('derives the age from the birth date, or nothing while it is not valid', () => {
    const today = new Date('2026-03-10T12:00:00Z');
    expect(derivedAge('1980-03-10', today)).toBe(46);
    expect(derivedAge('1980-03-11', today)).toBe(45);
    expect(derivedAge('1980-13-01', today)).toBeNull();
    expect(derivedAge('', today)).toBeNull();
  });
});

describe('patient update (PATCH body)', () => {
  const patient: Patient = {
    id: 'p1',
    name: 'Ana Núñez',
    birthDate: '1980-05-17',
    age: 45,
    gender: 'female',
    category: 'chronic_pain',
    priority: 'high',
    status: 'in_treatment',
    contactNumber: null,
    email: 'ana@example.org',
    symptoms: ['Lower back pain', 'Insomnia'],
    medicalHistory: null,
    currentMedications: [],
    allergies: ['Penicillin'],
    assignedSpecialist: { id: 'sp1', name: 'Dr. Vega' },
    portal: { state: 'none', invitedAt: null },
    nextAppointment: null,
    progress: null,
    version: 7,
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-02T00:00:00Z',
  };
  const base = patientFormSchema.parse(patientToFormValues(patient));

  it('shows a saved patient in the form', () => {
    expect(patientToFormValues(patient)).toEqual({
      name: 'Ana Núñez',
      birthDate: '1980-05-17',
      gender: 'female',
      category: 'chronic_pain',
      priority: 'high',
      status: 'in_treatment',
      contactNumber: '',
      email: 'ana@example.org',
      symptoms: 'Lower back pain\nInsomnia',
      medicalHistory: '',
      currentMedications: '',
      allergies: 'Penicillin',
      assignedSpecialistId: 'sp1',
    });
  });

  it('sends the version and only what changed', () => {
    const values = patientFormSchema.parse({
      ...patientToFormValues(patient),
      priority: 'low',
      allergies: 'Penicillin\nLatex',
    });
    expect(buildPatientUpdate(values, base, 7)).toEqual({
      version: 7,
      priority: 'low',
      allergies: ['Penicillin', 'Latex'],
    });
  });

  it('sends nothing but the version when only whitespace changed', () => {
    const values = patientFormSchema.parse({
      ...patientToFormValues(patient),
      name: ' Ana Núñez  ',
      symptoms: 'Lower back pain\n\nInsomnia\n',
    });
    expect(buildPatientUpdate(values, base, 7)).toEqual({ version: 7 });
  });

  it('sends null when a field is cleared', () => {
    const values = patientFormSchema.parse({
      ...patientToFormValues(patient),
      email: '',
      assignedSpecialistId: '',
    });
    expect(buildPatientUpdate(values, base, 7)).toEqual({
      version: 7,
      email: null,
      assignedSpecialistId: null,
    });
  });
});

/**
 * FHIR R4 export of one patient: a self-contained `collection` Bundle — the Patient (with an
 * identifier under this server's BASE_URL), its AllergyIntolerance, MedicationStatement and Condition
 * resources (symptoms, and the medical history), and its clinician notes as DocumentReferences.
 * Every entry's `fullUrl` is `urn:uuid:<its id>` and every reference points at one of them, so the
 * Bundle resolves inside itself (FHIR R4 §Bundle "Resolving references in Bundles"). Codes are text:
 * the record keeps free-text entries, not coded terminology.
 */
import { createHash } from 'node:crypto';
import type { Note, Patient } from '@painlab/shared/patients';

/** A stable UUID for the n-th resource of a kind derived from a patient (RFC 4122 name-based form). */
function derivedUuid(patientId: string, kind: string, n: number): string {
  const h = createHash('sha1').update(`${patientId}:${kind}:${n}`).digest();
  h[6] = (h[6]! & 0x0f) | 0x50; // version 5
  h[8] = (h[8]! & 0x3f) | 0x80; // RFC 4122 variant
  const x = h.subarray(0, 16).toString('hex');
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`;
}

/** The identifier system of patient record ids at the clinic served from `baseUrl`. */
export const patientIdentifierSystem = (baseUrl: string) =>
  `${baseUrl.replace(/\/+$/, '')}/fhir/sid/patient-id`;

/** `extra`: entries other modules add (questionnaire results), with references into this Bundle. */
export function toFhirBundle(
  p: Patient,
  notes: Note[],
  baseUrl: string,
  now = new Date(),
  extra: readonly { fullUrl: string; resource: Record<string, unknown> }[] = [],
) {
  const urn = (id: string) => `urn:uuid:${id}`;
  const subject = { reference: urn(p.id), display: p.name };
  const active = (system: string) => ({ coding: [{ system, code: 'active' }] });
  const entry = (resource: Record<string, unknown> & { id: string }) => ({
    fullUrl: urn(resource.id),
    resource,
  });
  const problem = {
    coding: [
      {
        system: 'http://terminology.hl7.org/CodeSystem/condition-category',
        code: 'problem-list-item',
      },
    ],
  };
  const telecom = [
    ...(p.contactNumber ? [{ system: 'phone', value: p.contactNumber }] : []),
    ...(p.email ? [{ system: 'email', value: p.email }] : []),
  ];
  const noteEntries = notes.flatMap((note, n) => {
    const document = (
      id: string,
      body: string,
      date: string,
      status: 'current' | 'superseded',
      replaces: string[],
    ) =>
      entry({
        resourceType: 'DocumentReference',
        id,
        status,
        docStatus: 'final',
        type: {
          coding: [{ system: 'http://loinc.org', code: '11506-3', display: 'Progress note' }],
          text: 'Clinician note',
        },
        subject,
        date,
        author: [{ display: note.author.name }],
        ...(replaces.length
          ? {
              relatesTo: replaces.map((r) => ({ code: 'replaces', target: { reference: urn(r) } })),
            }
          : {}),
        content: [
          {
            attachment: {
              contentType: 'text/plain; charset=utf-8',
              data: Buffer.from(body, 'utf8').toString('base64'),
              creation: date,
            },
          },
        ],
      });
    // earlier texts of an amended note: superseded documents the current one replaces
    const earlier = note.amendments.map((a, i) => ({
      id: derivedUuid(p.id, `note-${note.id}-amendment`, i + 1),
      ...a,
    }));
    return [
      document(
        derivedUuid(p.id, `note-${note.id}`, n + 1),
        note.body,
        note.createdAt,
        'current',
        earlier.map((e) => e.id),
      ),
      ...earlier.map((e) => document(e.id, e.body, e.createdAt, 'superseded', [])),
    ];
  });
  return {
    resourceType: 'Bundle' as const,
    type: 'collection',
    timestamp: now.toISOString(),
    entry: [
      entry({
        resourceType: 'Patient',
        id: p.id,
        meta: { lastUpdated: p.updatedAt },
        identifier: [{ use: 'usual', system: patientIdentifierSystem(baseUrl), value: p.id }],
        active: p.status !== 'inactive' && p.status !== 'discharged',
        name: [{ text: p.name }],
        ...(telecom.length ? { telecom } : {}),
        gender: p.gender,
        birthDate: p.birthDate,
      }),
      ...p.allergies.map((text, i) =>
        entry({
          resourceType: 'AllergyIntolerance',
          id: derivedUuid(p.id, 'allergy', i + 1),
          clinicalStatus: active(
            'http://terminology.hl7.org/CodeSystem/allergyintolerance-clinical',
          ),
          code: { text },
          patient: subject,
        }),
      ),
      ...p.currentMedications.map((text, i) =>
        entry({
          resourceType: 'MedicationStatement',
          id: derivedUuid(p.id, 'medication', i + 1),
          status: 'active',
          medicationCodeableConcept: { text },
          subject,
        }),
      ),
      ...p.symptoms.map((text, i) =>
        entry({
          resourceType: 'Condition',
          id: derivedUuid(p.id, 'condition', i + 1),
          clinicalStatus: active('http://terminology.hl7.org/CodeSystem/condition-clinical'),
          category: [problem],
          code: { text },
          subject,
        }),
      ),
      // the medical history is free text: one Condition holding it (its status is not recorded)
      ...(p.medicalHistory
        ? [
            entry({
              resourceType: 'Condition',
              id: derivedUuid(p.id, 'history', 1),
              category: [problem],
              code: { text: 'Medical history' },
              note: [{ text: p.medicalHistory }],
              subject,
            }),
          ]
        : []),
      ...noteEntries,
      ...extra,
    ],
  };
}

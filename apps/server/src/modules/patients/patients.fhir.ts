/**
 * FHIR R4 export of one patient: a `collection` Bundle with the Patient and its
 * AllergyIntolerance, MedicationStatement and Condition resources (codes as text: the record keeps
 * free-text entries, not coded terminology).
 */
import type { Patient } from '@painlab/shared/patients';

export function toFhirBundle(p: Patient, now = new Date()) {
  const ref = { reference: `Patient/${p.id}` };
  const active = (system: string) => ({ coding: [{ system, code: 'active' }] });
  const entry = (resource: Record<string, unknown>) => ({
    fullUrl: `urn:uuid:${resource.id as string}`,
    resource,
  });
  const telecom = [
    ...(p.contactNumber ? [{ system: 'phone', value: p.contactNumber }] : []),
    ...(p.email ? [{ system: 'email', value: p.email }] : []),
  ];
  return {
    resourceType: 'Bundle',
    type: 'collection',
    timestamp: now.toISOString(),
    entry: [
      entry({
        resourceType: 'Patient',
        id: p.id,
        active: p.status !== 'inactive' && p.status !== 'discharged',
        name: [{ text: p.name }],
        gender: p.gender,
        birthDate: p.birthDate,
        ...(telecom.length ? { telecom } : {}),
        meta: { lastUpdated: p.updatedAt },
      }),
      ...p.allergies.map((text, i) =>
        entry({
          resourceType: 'AllergyIntolerance',
          id: `${p.id}-allergy-${i + 1}`,
          clinicalStatus: active('http://terminology.hl7.org/CodeSystem/allergyintolerance-clinical'),
          code: { text },
          patient: ref,
        }),
      ),
      ...p.currentMedications.map((text, i) =>
        entry({
          resourceType: 'MedicationStatement',
          id: `${p.id}-medication-${i + 1}`,
          status: 'active',
          medicationCodeableConcept: { text },
          subject: ref,
        }),
      ),
      ...p.symptoms.map((text, i) =>
        entry({
          resourceType: 'Condition',
          id: `${p.id}-condition-${i + 1}`,
          clinicalStatus: active('http://terminology.hl7.org/CodeSystem/condition-clinical'),
          category: [
            {
              coding: [
                { system: 'http://terminology.hl7.org/CodeSystem/condition-category', code: 'problem-list-item' },
              ],
            },
          ],
          code: { text },
          subject: ref,
        }),
      ),
    ],
  };
}

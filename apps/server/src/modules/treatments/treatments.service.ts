/**
 * Treatment plans (issue 13, ADR 0019): staff create, revise and move a plan through its statuses;
 * every change is a new numbered version (who, when, what), guarded by `version` (stale → 409); at
 * most one active plan per patient (a partial unique index: of two activations at once, one wins);
 * the patient reads their own active plan and acknowledges its current version. Progress comes from
 * the goals' questionnaire measures, read through the questionnaires module's service.
 */
import { randomUUID } from 'node:crypto';
import { definition } from '@painlab/clinical';
import type { FieldIssue } from '@painlab/shared/errors';
import {
  canChangePlanStatus,
  EDITABLE_PLAN_STATUSES,
  measureValue,
  type ChangePlanStatusInput,
  type MyPlan,
  type Plan,
  type PlanContent,
  type PlanContentInput,
  type PlanList,
  type PlanStatus,
} from '@painlab/shared/treatments';
import { appendAudit, appendAuditMany, type Tx } from '../../audit/audit';
import { baseUrlOf, type Env } from '../../env';
import type { Deps } from '../../http/types';
import { DomainError } from '../../lib/domain-error';
import { notifyAccount } from '../notifications/notifications.service';
import { latestResults, resultSeries } from '../questionnaires/questionnaires.service';
import { clinicians } from '../users/users.service';
import {
  iso,
  progressOf,
  toPlan,
  toSummary,
  toVersion,
  toVersionMeta,
  type LatestByInstrument,
} from './treatments.mapping';
import { auditingRefusals, event, isStaff, refuse, type Viewer } from './treatments.policy';
import {
  acknowledgementsOf,
  activeGoalsOf,
  activePlanIdOf,
  deletePlan,
  everActive,
  findLivePatient,
  findPatientIdOfUser,
  findPlan,
  insertAcknowledgement,
  insertPlan,
  insertVersion,
  listPlans,
  updatePlan,
  versionsOf,
  type PlanFilter,
  type PlanRow,
  type Q,
  type VersionRow,
} from './treatments.repository';
import { isUniqueViolation } from '../../db/errors';
import { isUuid } from '../../lib/uuid';

export type { Viewer } from './treatments.policy';

/** Ids are UUIDs; anything else names no record. */
export function planId(id: string): string {
  if (!isUuid(id)) throw DomainError.notFound();
  return id.toLowerCase();
}

// ——— progress (also for the patients module) ———

async function latestOf(db: Q, patientIds: readonly string[]) {
  const byPatient = new Map<string, LatestByInstrument>();
  for (const r of await latestResults(db, patientIds)) {
    const map = byPatient.get(r.patientId) ?? new Map();
    map.set(r.instrumentId, r);
    byPatient.set(r.patientId, map);
  }
  return byPatient;
}

/**
 * Each patient's active plan's progress (0–100, or null), for a page of patients in two queries (the
 * active plans' goals, the latest results). The caller audits its own read.
 */
export async function progressOfPatients(
  db: Q,
  patientIds: readonly string[],
): Promise<Map<string, number | null>> {
  const plans = await activeGoalsOf(db, patientIds);
  if (!plans.length) return new Map();
  const latest = await latestOf(
    db,
    plans.map((p) => p.patientId),
  );
  return new Map(
    plans.map((p) => [
      p.patientId,
      progressOf(p.content, latest.get(p.patientId) ?? new Map()).percent,
    ]),
  );
}

// ——— content ———

/**
 * The content as stored: item ids kept or given, measures checked against the instrument's
 * definition, a goal's missing baseline taken from the same goal before or the patient's latest
 * result, clinicians checked, dates in order. Breaking a rule is a 400 with one issue per problem.
 */
async function normalise(
  staffList: Staff,
  db: Q,
  patientId: string,
  input: PlanContentInput,
  previous: PlanContent | null,
): Promise<PlanContent> {
  const issues: FieldIssue[] = [];
  const issue = (path: string, code: string) => issues.push({ path, code, message: code });
  const ids = new Set<string>();
  const idOf = (given: string | undefined, path: string) => {
    const id = given ?? randomUUID().slice(0, 8);
    if (ids.has(id)) issue(path, 'duplicate');
    ids.add(id);
    return id;
  };
  const latest = (await latestOf(db, [patientId])).get(patientId) ?? new Map();
  const before = new Map((previous?.goals ?? []).map((g) => [g.id, g]));

  const problems = input.problems.map((p, i) => ({
    id: idOf(p.id, `problems.${i}.id`),
    text: p.text,
  }));
  const goals = input.goals.map((g, i) => {
    const id = idOf(g.id, `goals.${i}.id`);
    const m = g.measure ?? null;
    if (!m) return { id, text: g.text, measure: null, targetDate: g.targetDate ?? null };
    const def = definition(m.instrumentId);
    const keys = ['total', ...def.subscales.map((s) => s.key)];
    if (!keys.includes(m.measure)) issue(`goals.${i}.measure.measure`, 'invalid_choice');
    if (m.target > def.total.max && m.measure === 'total')
      issue(`goals.${i}.measure.target`, 'out_of_range');
    const old = before.get(id)?.measure;
    const sameMeasure = old && old.instrumentId === m.instrumentId && old.measure === m.measure;
    const result = latest.get(m.instrumentId);
    const baseline =
      m.baseline ??
      (sameMeasure ? old.baseline : null) ??
      (result ? measureValue(result, m.measure) : null);
    return {
      id,
      text: g.text,
      measure: {
        instrumentId: m.instrumentId,
        measure: m.measure,
        comparator: m.comparator,
        target: m.target,
        baseline,
      },
      targetDate: g.targetDate ?? null,
    };
  });
  const interventions = input.interventions.map((v, i) => {
    if (v.startsOn && v.endsOn && v.endsOn < v.startsOn)
      issue(`interventions.${i}.endsOn`, 'end_before_start');
    return {
      id: idOf(v.id, `interventions.${i}.id`),
      kind: v.kind,
      title: v.title,
      details: v.details || null,
      frequency: v.frequency,
      startsOn: v.startsOn ?? null,
      endsOn: v.endsOn ?? null,
    };
  });
  if (input.reviewOn && input.reviewOn < input.startsOn) issue('reviewOn', 'end_before_start');
  const staff = new Set(staffList.map((c) => c.id));
  const clinicianIds = [...new Set(input.clinicianIds)];
  clinicianIds.forEach((id, i) => {
    if (!staff.has(id)) issue(`clinicianIds.${i}`, 'invalid_choice');
  });
  if (issues.length) throw DomainError.validation(issues);
  return {
    title: input.title,
    summary: input.summary || null,
    problems,
    goals,
    interventions,
    startsOn: input.startsOn,
    reviewOn: input.reviewOn ?? null,
    clinicianIds,
  };
}

// ——— reads ———

/** The clinicians who may be named on a plan, read before a transaction (one connection in PGlite). */
type Staff = { id: string; name: string }[];

/**
 * The versions a viewer may see: staff all; a patient none written while the plan was a draft (the
 * clinician's working text: the plan reaches the patient when it is started), so the first they see
 * is the one that started it and each change is shown against the previous version they saw.
 */
function visibleVersions(viewer: Viewer, versions: VersionRow[]): VersionRow[] {
  return isStaff(viewer) ? versions : versions.filter((v) => v.status !== 'draft');
}

async function fullPlan(staff: Staff, db: Q, row: PlanRow, viewer: Viewer): Promise<Plan> {
  const [versions, acks, latest] = [
    visibleVersions(viewer, await versionsOf(db, row.id)),
    await acknowledgementsOf(db, row.id),
    (await latestOf(db, [row.patientId])).get(row.patientId) ?? new Map(),
  ];
  const measures = row.content.goals.flatMap((g) => (g.measure ? [g.measure] : []));
  const series = await resultSeries(db, row.patientId, [
    ...new Set(measures.map((m) => m.instrumentId)),
  ]);
  const keys = [...new Set(measures.map((m) => `${m.instrumentId}:${m.measure}`))];
  const points = series.flatMap((r) =>
    keys
      .filter((k) => k.startsWith(`${r.instrumentId}:`))
      .flatMap((k) => {
        const measure = k.slice(r.instrumentId.length + 1);
        const value = measureValue(r, measure);
        return value === null
          ? []
          : [{ instrumentId: r.instrumentId, measure, value, at: iso(r.submittedAt) }];
      }),
  );
  const names = new Map(staff.map((c) => [c.id, c.name]));
  return toPlan(row, {
    clinicians: row.content.clinicianIds.map((id) => ({ id, name: names.get(id) ?? '—' })),
    progress: progressOf(row.content, latest),
    history: versions.map((v, i) => toVersionMeta(v, versions[i - 1])),
    acknowledgements: acks.map((a) => ({
      version: a.version,
      acknowledgedAt: iso(a.acknowledgedAt),
    })),
    points,
  });
}

/**
 * The plan if the viewer may read it: staff any; a patient their own, once it was started (a draft,
 * and a draft dropped without ever being started, the patient never sees). Anything else is a 404,
 * audited with the patient id.
 */
async function readable(
  deps: Deps,
  viewer: Viewer,
  id: string,
  attempted: string,
): Promise<{ row: PlanRow; versions: VersionRow[] | null }> {
  const db = deps.database.db;
  const row = await findPlan(db, id);
  if (!row) throw DomainError.notFound();
  if (isStaff(viewer)) return { row, versions: null };
  // a patient's: the versions say whether the plan was ever started (and readVersion reuses them)
  const versions = await versionsOf(db, id);
  const own = await findPatientIdOfUser(db, viewer.userId);
  const started = own === row.patientId && versions.some((v) => v.status === 'active');
  if (!started)
    await refuse(
      deps,
      viewer,
      attempted,
      { recordId: id, patientId: row.patientId },
      own === row.patientId ? 'never_started' : 'not_own',
      'not_found',
    );
  return { row, versions };
}

/**
 * The patient a plan is about, or null (no such plan): the guard names them in the audit row of a
 * refused request (app.ts).
 */
export async function patientOfPlan(deps: Deps, id: string): Promise<string | null> {
  return (await findPlan(deps.database.db, id))?.patientId ?? null;
}

export async function read(deps: Deps, viewer: Viewer, id: string): Promise<Plan> {
  const staff = await clinicians(deps);
  const { row } = await readable(deps, viewer, id, 'treatments.view');
  return deps.database.db.transaction(async (tx) => {
    const current = await findPlan(tx, id);
    if (!current) throw DomainError.notFound();
    const plan = await fullPlan(staff, tx, current, viewer);
    await appendAudit(tx, event(viewer, 'treatments.view', id, row.patientId));
    return plan;
  });
}

export async function readVersion(deps: Deps, viewer: Viewer, id: string, version: number) {
  const found = await readable(deps, viewer, id, 'treatments.view_version');
  const row = found.row;
  const all = found.versions ?? (await versionsOf(deps.database.db, id));
  const versions = visibleVersions(viewer, all);
  const at = versions.findIndex((v) => v.version === version);
  if (at < 0 && all.some((v) => v.version === version))
    await refuse(
      deps,
      viewer,
      'treatments.view_version',
      { recordId: id, patientId: row.patientId },
      'draft_version',
      'not_found',
    );
  return deps.database.db.transaction(async (tx) => {
    if (at < 0) throw DomainError.notFound();
    await appendAudit(tx, event(viewer, 'treatments.view_version', id, row.patientId, { version }));
    return toVersion(versions[at]!, versions[at - 1]);
  });
}

const encodeCursor = (row: PlanRow) =>
  Buffer.from(`${row.updatedAt.toISOString()}|${row.id}`).toString('base64url');

function decodeCursor(cursor: string | undefined) {
  if (!cursor) return null;
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  const updatedAt = new Date(at ?? '');
  if (Number.isNaN(updatedAt.getTime()) || !id || !isUuid(id))
    throw DomainError.invalidField('cursor', 'invalid_cursor');
  return { updatedAt, id };
}

export type ListInput = {
  status?: PlanStatus | undefined;
  patientId?: string | undefined;
  q?: string | undefined;
  mine?: 'true' | 'false' | undefined;
  cursor?: string | undefined;
  limit?: number | undefined;
};

/**
 * A page of plans, most recently changed first, each with its progress; one audit row per plan's
 * patient in the read's transaction. A patient gets only their own plans (no drafts).
 */
export async function list(deps: Deps, viewer: Viewer, input: ListInput): Promise<PlanList> {
  const limit = input.limit ?? 25;
  const cursor = decodeCursor(input.cursor);
  const filter: PlanFilter = {
    status: input.status,
    q: input.q || undefined,
    patientId: input.patientId ? input.patientId.toLowerCase() : undefined,
    clinicianId: input.mine === 'true' ? viewer.userId : undefined,
  };
  if (filter.patientId && !isUuid(filter.patientId)) return { items: [], nextCursor: null };
  if (!isStaff(viewer)) {
    // a patient's list is their own: asking for another patient's plans is refused and audited
    const own = await findPatientIdOfUser(deps.database.db, viewer.userId);
    if (filter.patientId && filter.patientId !== own)
      await refuse(
        deps,
        viewer,
        'treatments.list',
        { recordId: null, patientId: filter.patientId },
        'not_own',
        'not_found',
      );
    if (!own) return { items: [], nextCursor: null };
    filter.patientId = own;
  }
  return deps.database.db.transaction(async (tx) => {
    let rows = await listPlans(tx, filter, cursor, limit);
    const more = rows.length > limit;
    rows = rows.slice(0, limit);
    if (!isStaff(viewer)) {
      const started = await everActive(
        tx,
        rows.map((r) => r.id),
      );
      rows = rows.filter((r) => started.has(r.id));
    }
    const latest = await latestOf(tx, [...new Set(rows.map((r) => r.patientId))]);
    const items = rows.map((r) =>
      toSummary(
        r,
        r.status === 'active'
          ? progressOf(r.content, latest.get(r.patientId) ?? new Map()).percent
          : null,
      ),
    );
    await appendAuditMany(
      tx,
      rows.map((r) =>
        event(viewer, 'treatments.list', r.id, r.patientId, { search: Boolean(filter.q) }),
      ),
    );
    return { items, nextCursor: more && rows.length ? encodeCursor(rows.at(-1)!) : null };
  });
}

/** The caller's own active plan (a patient), or null; audited when there is one. */
export async function mine(deps: Deps, viewer: Viewer): Promise<MyPlan> {
  const staff = await clinicians(deps);
  return deps.database.db.transaction(async (tx) => {
    const patientId = await findPatientIdOfUser(tx, viewer.userId);
    const id = patientId ? await activePlanIdOf(tx, patientId) : null;
    const row = id ? await findPlan(tx, id) : null;
    if (!row) return { plan: null, acknowledged: false };
    const plan = await fullPlan(staff, tx, row, viewer);
    await appendAudit(tx, event(viewer, 'treatments.view_own', row.id, row.patientId));
    return { plan, acknowledged: plan.acknowledgements.some((a) => a.version === plan.version) };
  });
}

// ——— writes ———

function requireStaff(
  deps: Deps,
  viewer: Viewer,
  attempted: string,
  ref: Parameters<typeof refuse>[3],
) {
  if (isStaff(viewer)) return Promise.resolve();
  return refuse(deps, viewer, attempted, ref, 'staff_only', {
    action: 'edit',
    resource: 'treatments',
  });
}

export async function create(
  deps: Deps,
  viewer: Viewer,
  input: PlanContentInput & { patientId: string },
): Promise<Plan> {
  const patientId = isUuid(input.patientId) ? input.patientId.toLowerCase() : null;
  await requireStaff(deps, viewer, 'treatments.create', { recordId: null, patientId });
  if (!patientId) throw DomainError.invalidField('patientId', 'invalid_choice');
  const { patientId: _omit, ...fields } = input;
  void _omit;
  const staff = await clinicians(deps);
  return auditingRefusals(deps, viewer, 'treatments.create', { recordId: null, patientId }, () =>
    deps.database.db.transaction(async (tx) => {
      if (!(await findLivePatient(tx, patientId)))
        throw DomainError.invalidField('patientId', 'invalid_choice');
      const content = await normalise(staff, tx, patientId, fields, null);
      const { id } = await insertPlan(tx, {
        patientId,
        title: content.title,
        content,
        createdBy: viewer.userId,
      });
      await insertVersion(tx, {
        planId: id,
        version: 1,
        kind: 'created',
        status: 'draft',
        content,
        changedBy: viewer.userId,
      });
      await appendAudit(tx, event(viewer, 'treatments.create', id, patientId));
      return fullPlan(staff, tx, (await findPlan(tx, id))!, viewer);
    }),
  );
}

/** The patient's own view of their plan, where they read and acknowledge it. */
export const MY_PLAN_LINK = '/my-plan';

/**
 * Tells the patient, through their portal account (none: nobody), that their plan was started or
 * its active version revised, in the transaction of the change: the in-app notice and, when they
 * would not see it and allow it, a minimal e-mail (`treatments.plan_notice`, no content of the
 * plan). One per plan version. Returns the ids to wake after the commit.
 */
async function noticePlan(
  tx: Tx,
  env: Env,
  kind: 'started' | 'revised',
  patientId: string,
  planId: string,
  version: number,
  viewer: Viewer,
): Promise<string[]> {
  const userId = (await findLivePatient(tx, patientId))?.userId;
  if (!userId || userId === viewer.userId) return [];
  const id = await notifyAccount(tx, {
    recipientId: userId,
    type: kind === 'started' ? 'plan_started' : 'plan_revised',
    refId: planId,
    link: MY_PLAN_LINK,
    actorId: viewer.userId,
    roles: ['user'],
    mail: {
      template: 'treatments.plan_notice',
      params: { clinic: env.CLINIC_NAME, kind, link: `${baseUrlOf(env)}${MY_PLAN_LINK}` },
      patientId,
      dedupeKey: `plan-${kind}:${planId}:${version}`,
    },
  });
  return id ? [id] : [];
}

/** After the commit: the notified pages and the outbox. */
function wake(deps: Deps, woken: string[]) {
  if (!woken.length) return;
  deps.realtime.wake(woken);
  deps.outbox.wake();
}

/** Locks the plan and checks the version read; a stale one is a 409. */
async function lockAt(tx: Tx, id: string, version: number): Promise<PlanRow> {
  const row = await findPlan(tx, id, true);
  if (!row) throw DomainError.notFound();
  if (row.version !== version) throw DomainError.conflict();
  return row;
}

export async function revise(
  deps: Deps,
  viewer: Viewer,
  id: string,
  input: PlanContentInput & { version: number; note?: string | null | undefined },
): Promise<Plan> {
  const found = await findPlan(deps.database.db, id);
  if (!found) throw DomainError.notFound();
  const ref = { recordId: id, patientId: found.patientId };
  await requireStaff(deps, viewer, 'treatments.revise', ref);
  const { version, note, ...fields } = input;
  const staff = await clinicians(deps);
  const { plan, woken } = await auditingRefusals(deps, viewer, 'treatments.revise', ref, () =>
    deps.database.db.transaction(async (tx) => {
      const row = await lockAt(tx, id, version);
      if (!(EDITABLE_PLAN_STATUSES as readonly string[]).includes(row.status))
        throw DomainError.transitionNotAllowed();
      const content = await normalise(staff, tx, row.patientId, fields, row.content);
      const next = await updatePlan(tx, id, version, { content, title: content.title });
      if (!next) throw DomainError.conflict();
      await insertVersion(tx, {
        planId: id,
        version: next.version,
        kind: 'revised',
        status: row.status,
        content,
        note: note || null,
        changedBy: viewer.userId,
      });
      await appendAudit(
        tx,
        event(viewer, 'treatments.revise', id, row.patientId, { version: next.version }),
      );
      // a draft is not the patient's yet: only a revision of the active plan is news to them
      const woken =
        row.status === 'active'
          ? await noticePlan(tx, deps.env, 'revised', row.patientId, id, next.version, viewer)
          : [];
      return { plan: await fullPlan(staff, tx, (await findPlan(tx, id))!, viewer), woken };
    }),
  );
  wake(deps, woken);
  return plan;
}

export async function changeStatus(
  deps: Deps,
  viewer: Viewer,
  id: string,
  input: ChangePlanStatusInput,
): Promise<Plan> {
  const found = await findPlan(deps.database.db, id);
  if (!found) throw DomainError.notFound();
  const ref = { recordId: id, patientId: found.patientId };
  await requireStaff(deps, viewer, 'treatments.status', ref);
  const staff = await clinicians(deps);
  const { plan, woken } = await auditingRefusals(
    deps,
    viewer,
    'treatments.status',
    ref,
    async () => {
      try {
        return await deps.database.db.transaction(async (tx) => {
          const row = await lockAt(tx, id, input.version);
          if (!canChangePlanStatus(row.status, input.status))
            throw DomainError.transitionNotAllowed();
          const next = await updatePlan(tx, id, input.version, { status: input.status });
          if (!next) throw DomainError.conflict();
          await insertVersion(tx, {
            planId: id,
            version: next.version,
            kind: 'status',
            status: input.status,
            content: row.content,
            note: input.note || null,
            changedBy: viewer.userId,
          });
          await appendAudit(
            tx,
            event(viewer, 'treatments.status', id, row.patientId, {
              from: row.status,
              to: input.status,
              version: next.version,
            }),
          );
          const woken =
            input.status === 'active'
              ? await noticePlan(tx, deps.env, 'started', row.patientId, id, next.version, viewer)
              : [];
          return { plan: await fullPlan(staff, tx, (await findPlan(tx, id))!, viewer), woken };
        });
      } catch (error) {
        // the partial unique index: the patient has another active plan (one of two racers wins)
        if (isUniqueViolation(error)) throw DomainError.planAlreadyActive();
        throw error;
      }
    },
  );
  wake(deps, woken);
  return plan;
}

/**
 * The patient acknowledges the current version of their active plan (once per version; again is a
 * no-op). Only the patient: staff are refused (403); a stale version is a 409.
 */
export async function acknowledge(
  deps: Deps,
  viewer: Viewer,
  id: string,
  version: number,
): Promise<MyPlan> {
  const { row } = await readable(deps, viewer, id, 'treatments.acknowledge');
  const ref = { recordId: id, patientId: row.patientId };
  if (viewer.role !== 'user')
    await refuse(deps, viewer, 'treatments.acknowledge', ref, 'patient_only', {
      action: 'acknowledge',
      resource: 'a treatment plan',
    });
  await auditingRefusals(deps, viewer, 'treatments.acknowledge', ref, () =>
    deps.database.db.transaction(async (tx) => {
      const current = await lockAt(tx, id, version);
      if (current.status !== 'active') throw DomainError.transitionNotAllowed();
      const added = await insertAcknowledgement(tx, { planId: id, version, userId: viewer.userId });
      if (added)
        await appendAudit(
          tx,
          event(viewer, 'treatments.acknowledge', id, row.patientId, { version }),
        );
    }),
  );
  return mine(deps, viewer);
}

/** Deletes a draft (never shown to the patient); any other status is a 409: plans are discontinued. */
export async function remove(deps: Deps, viewer: Viewer, id: string): Promise<void> {
  const found = await findPlan(deps.database.db, id);
  if (!found) throw DomainError.notFound();
  const ref = { recordId: id, patientId: found.patientId };
  await auditingRefusals(deps, viewer, 'treatments.delete', ref, () =>
    deps.database.db.transaction(async (tx) => {
      const row = await findPlan(tx, id, true);
      if (!row) throw DomainError.notFound();
      if (row.status !== 'draft') throw DomainError.transitionNotAllowed();
      await deletePlan(tx, id);
      await appendAudit(tx, event(viewer, 'treatments.delete', id, row.patientId));
    }),
  );
}

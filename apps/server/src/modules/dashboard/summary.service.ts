/**
 * The dashboard's widgets for one viewer (SPEC §2, issue 12, ADR 0020), shaped by who they are:
 * - staff (admin, specialist): patient load per specialist and status, today's pending and confirmed
 *   appointments (appointments service), recent activity, priority alerts, their open tasks;
 * - a patient: their next appointment and their own open tasks, nothing else;
 * - a researcher: counts only (patient load per status, activity per kind) and their own
 *   unidentified tasks.
 * Every patient shown is one audit row with their id, in the read's transaction (ADR 0011): the
 * appointments and tasks services write theirs; the lists read here write `dashboard.*` rows.
 */
import { ACTIVE_APPOINTMENT_STATUSES, type Appointment } from '@painlab/shared/appointments';
import type {
  ActivityItem,
  AgendaItem,
  DashboardAlert,
  DashboardSummary,
  DashboardTask,
} from '@painlab/shared/dashboard';
import { canSeeIdentified } from '@painlab/shared/permissions';
import { OPEN_TASK_STATUSES, type Task } from '@painlab/shared/tasks';
import { DateTime } from 'luxon';
import { appendAuditMany, auditEvent } from '../../audit/audit';
import type { Deps } from '../../http/types';
import { DomainError } from '../../lib/domain-error';
import * as appointments from '../appointments/appointments.service';
import { listTasksForViewer } from '../tasks/tasks.service';
import type { Viewer } from './dashboard.policy';
import {
  activityCounts,
  newestMessagesTo,
  newestPatients,
  patientLoad,
  patientsWithoutNextStep,
} from './summary.repository';

const LIST = 8;
const ACTIVITY_DAYS = 7;
const ZONE = 'Europe/Madrid';

const toTask = (t: Task): DashboardTask => ({
  id: t.id,
  title: t.title,
  dueDate: t.dueDate,
  priority: t.priority,
  status: t.status,
  patient: t.patient,
});

const toAgenda = (a: Appointment): AgendaItem => ({
  id: a.id,
  startsAt: a.startsAt,
  endsAt: a.endsAt,
  status: a.status,
  patient: a.patient,
  specialist: a.specialist,
  type: a.type.name,
});

/** The viewer's open tasks, soonest due first (those with a due date lead). */
async function openTasks(deps: Deps, viewer: Viewer): Promise<DashboardTask[]> {
  const page = await listTasksForViewer(
    deps,
    viewer,
    { assignee: 'mine', status: [...OPEN_TASK_STATUSES] },
    undefined,
    LIST,
  );
  return page.items.map(toTask);
}

function zoneOf(tz: string | undefined): string {
  if (tz === undefined) return ZONE;
  if (!DateTime.local().setZone(tz).isValid)
    throw DomainError.invalidField('tz', 'invalid_value', 'invalid_choice');
  return tz;
}

const event = (viewer: Viewer, action: string, patientId: string) =>
  auditEvent(viewer, { action, outcome: 'success', resource: 'patients', patientId });

/** Recent arrivals and messages to the viewer, newest first, each patient audited. */
async function recentActivity(deps: Deps, viewer: Viewer, now: Date): Promise<ActivityItem[]> {
  const since = new Date(now.getTime() - ACTIVITY_DAYS * 86_400_000);
  return deps.database.db.transaction(async (tx) => {
    const patients = await newestPatients(tx, since, LIST);
    const messages = await newestMessagesTo(tx, viewer.userId, since, LIST);
    const items: ActivityItem[] = [
      ...patients.map((p) => ({
        kind: 'patient' as const,
        at: p.at.toISOString(),
        patient: { id: p.id, name: p.name },
        actor: null,
        link: `/patients/${p.id}`,
      })),
      ...messages.map((m) => ({
        kind: 'message' as const,
        at: m.at.toISOString(),
        patient: m.patientId && m.patientName ? { id: m.patientId, name: m.patientName } : null,
        actor: m.author,
        link: `/messages?thread=${m.threadId}`,
      })),
    ]
      .sort((a, b) => b.at.localeCompare(a.at))
      .slice(0, LIST);
    await appendAuditMany(
      tx,
      items.flatMap((i) => (i.patient ? [event(viewer, 'dashboard.activity', i.patient.id)] : [])),
    );
    return items;
  });
}

/** High-priority patients without a next step (audited), and overdue high-priority tasks. */
async function priorityAlerts(
  deps: Deps,
  viewer: Viewer,
  now: Date,
  today: string,
): Promise<DashboardAlert[]> {
  const waiting = await deps.database.db.transaction(async (tx) => {
    const rows = await patientsWithoutNextStep(tx, now, LIST);
    await appendAuditMany(
      tx,
      rows.map((p) => event(viewer, 'dashboard.alerts', p.id)),
    );
    return rows;
  });
  const overdue = await listTasksForViewer(
    deps,
    viewer,
    { due: 'overdue', priority: ['high'], today },
    undefined,
    LIST,
  );
  return [
    ...overdue.items.map((t) => ({
      kind: 'overdue_task' as const,
      patient: t.patient,
      task: { id: t.id, title: t.title, dueDate: t.dueDate ?? today },
      link: `/tasks`,
    })),
    ...waiting.map((p) => ({
      kind: 'no_next_step' as const,
      patient: { id: p.id, name: p.name },
      task: null,
      link: `/patients/${p.id}`,
    })),
  ];
}

export async function dashboardSummary(
  deps: Deps,
  viewer: Viewer,
  query: { tz?: string },
  now = new Date(),
): Promise<DashboardSummary> {
  const zone = zoneOf(query.tz);
  const local = DateTime.fromJSDate(now).setZone(zone);
  const today = local.toISODate()!;
  const base = {
    generatedAt: now.toISOString(),
    patientLoad: null,
    agenda: null,
    activity: null,
    activityCounts: null,
    alerts: null,
    tasks: null,
  };
  if (viewer.role === 'user') {
    const mine = await appointments.mine(deps, viewer, now);
    const next = mine.upcoming.find((a) => a.status === 'pending' || a.status === 'confirmed');
    return {
      ...base,
      scope: 'patient',
      agenda: next ? [toAgenda(next)] : [],
      tasks: await openTasks(deps, viewer),
    };
  }
  if (!canSeeIdentified(viewer.role)) {
    const since = new Date(now.getTime() - ACTIVITY_DAYS * 86_400_000);
    const counts = await activityCounts(deps.database.db, since);
    return {
      ...base,
      scope: 'research',
      patientLoad: await patientLoad(deps.database.db, false),
      activityCounts: [
        { kind: 'patient', count: counts.patient },
        { kind: 'message', count: counts.message },
      ],
      tasks: await openTasks(deps, viewer),
    };
  }
  const agenda = await appointments.listForViewer(deps, viewer, {
    from: local.startOf('day').toUTC().toISO()!,
    to: local.endOf('day').toUTC().toISO()!,
    status: ACTIVE_APPOINTMENT_STATUSES.filter((s) => s === 'pending' || s === 'confirmed'),
    limit: 50,
  });
  return {
    ...base,
    scope: 'staff',
    patientLoad: await patientLoad(deps.database.db, true),
    agenda: agenda.items.map(toAgenda),
    activity: await recentActivity(deps, viewer, now),
    alerts: await priorityAlerts(deps, viewer, now, today),
    tasks: await openTasks(deps, viewer),
  };
}

/**
 * Demo tasks (SEED_DEMO), made once, when there are none: work for the demo specialist and admin, the
 * specialists' queue, the researcher, the demo patient's home exercises, and one the system made.
 * Titles are in the language a clinic in Spain would write them, some in English.
 */
import { DEMO } from '@painlab/shared/personas';
import type { TaskPriority } from '@painlab/shared/tasks';
import { appendAudit } from '../../audit/audit';
import type { Deps } from '../../http/types';
import { accountIdsByEmail, anyTask, insertTask } from './task.repository';
import { event } from './tasks.policy';
import { createSystemTask } from './tasks.service';

const day = (offset: number) => {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
};

export async function seedDemoTasks(deps: Deps): Promise<number> {
  const db = deps.database.db;
  if (await anyTask(db)) return 0;
  const ids = await accountIdsByEmail(db, Object.values(DEMO));
  const specialist = ids.get(DEMO.specialist);
  const admin = ids.get(DEMO.admin);
  const researcher = ids.get(DEMO.researcher);
  const patient = ids.get(DEMO.user);
  if (!specialist || !admin || !researcher || !patient) return 0;
  const seed = { userId: null, role: 'system', ip: null, requestId: 'seed' };
  type Seed = {
    title: string;
    description: string | null;
    assigneeUserId: string | null;
    assigneeRole: 'admin' | 'specialist' | 'researcher' | null;
    due: number | null;
    priority: TaskPriority;
    by: string;
  };
  const tasks: Seed[] = [
    {
      title: 'Revisar resultados de resonancia lumbar',
      description: 'Comparar con el estudio de 2024 antes de la próxima consulta.',
      assigneeUserId: specialist,
      assigneeRole: null,
      due: -2,
      priority: 'high',
      by: admin,
    },
    {
      title: 'Call back about medication side effects',
      description: 'Reported dizziness after the new pregabalin dose.',
      assigneeUserId: specialist,
      assigneeRole: null,
      due: 0,
      priority: 'high',
      by: specialist,
    },
    {
      title: 'Preparar informe para la mutua',
      description: null,
      assigneeUserId: specialist,
      assigneeRole: null,
      due: 5,
      priority: 'medium',
      by: specialist,
    },
    {
      title: 'Confirmar citas de fisioterapia de la semana',
      description: 'Llamar a los pacientes sin confirmación.',
      assigneeUserId: null,
      assigneeRole: 'specialist',
      due: 1,
      priority: 'medium',
      by: admin,
    },
    {
      title: 'Renew the clinic’s data-protection register',
      description: null,
      assigneeUserId: admin,
      assigneeRole: null,
      due: 14,
      priority: 'low',
      by: admin,
    },
    {
      title: 'Depurar el conjunto de datos anonimizado del estudio de dolor crónico',
      description: 'Sin datos identificativos: solo edad, categoría y puntuaciones.',
      assigneeUserId: researcher,
      assigneeRole: null,
      due: 7,
      priority: 'medium',
      by: admin,
    },
    {
      title: 'Ejercicios en casa: estiramientos lumbares (3 series al día)',
      description: 'Home exercises: 3 sets a day of the stretches shown in your last visit.',
      assigneeUserId: patient,
      assigneeRole: null,
      due: 3,
      priority: 'medium',
      by: specialist,
    },
    {
      title: 'Traer informes de radiología a la próxima cita',
      description: 'Bring your radiology reports to your next appointment.',
      assigneeUserId: patient,
      assigneeRole: null,
      due: 6,
      priority: 'low',
      by: specialist,
    },
  ];
  await db.transaction(async (tx) => {
    for (const t of tasks) {
      const id = await insertTask(
        tx,
        {
          title: t.title,
          description: t.description,
          patientId: null,
          assigneeUserId: t.assigneeUserId,
          assigneeRole: t.assigneeRole,
          dueDate: t.due === null ? null : day(t.due),
          priority: t.priority,
        },
        { userId: t.by, reason: null },
      );
      await appendAudit(tx, event(seed, 'tasks.create', id, null, { source: 'seed' }));
    }
    await createSystemTask(tx, {
      title: 'Revisar la lista de espera de fisioterapia',
      description: 'Hay huecos libres el jueves.',
      assignee: { kind: 'queue', role: 'specialist' },
      dueDate: day(2),
      priority: 'low',
      reason: 'Demo: un hueco libre en la agenda coincide con la lista de espera.',
      source: 'seed',
    });
  });
  return tasks.length + 1;
}

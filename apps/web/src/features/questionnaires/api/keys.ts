/** Query keys of the questionnaires module: each starts with 'questionnaires' (and 'patient' for a chart's, SPEC §9: high priority). */
export const questionnaireKeys = {
  all: ['questionnaires'] as const,
  overview: (patientId: string) => ['questionnaires', 'patient', patientId] as const,
  fill: (assignmentId: string) => ['questionnaires', 'fill', assignmentId] as const,
  mine: () => ['questionnaires', 'mine'] as const,
};

export const overviewPath = (patientId: string) =>
  `/api/patients/${encodeURIComponent(patientId)}/questionnaires`;
export const assignmentPath = (id: string) =>
  `/api/questionnaires/assignments/${encodeURIComponent(id)}`;

import { ClinicalInputError } from './errors';
import { PCS_CLINICAL_THRESHOLD } from './instruments/pcs';
import { DN4_THRESHOLD } from './instruments/dn4';
import { TSK17_HIGH_THRESHOLD } from './instruments/tsk17';
import { instrument } from './registry';
import { deepFreeze } from './scoring';
import type { Bilingual, FlagId, InstrumentId, ScoreResult } from './types';

/**
 * Clinical rules as data. Each rule reads one scored result and, when its condition holds, asks
 * for an action: a task for the care team, crisis resources for the patient, a referral
 * suggestion, a care pathway or a review. Rules never block care (nothing here refuses or hides
 * anything) and never come from a model. The module that stores the answers turns outcomes into
 * tasks and notices in the same transaction.
 */
export type RuleCondition =
  | { kind: 'flag'; flag: FlagId }
  | { kind: 'total-at-least'; value: number }
  | { kind: 'total-above'; value: number }
  | { kind: 'band'; band: string };

export type RuleAction =
  | 'urgent-care-team-task'
  | 'patient-crisis-resources'
  | 'suggest-referral'
  | 'care-pathway'
  | 'clinical-review';

export interface ClinicalRule {
  id: string;
  instrumentId: InstrumentId;
  when: RuleCondition;
  severity: 'urgent' | 'advisory';
  action: RuleAction;
  audience: 'care-team' | 'patient';
  /** Raise or show at once, as the answers are stored (not at the next review). */
  immediate: boolean;
  title: Bilingual;
  explanation: Bilingual;
  source: string;
}

export interface CrisisResource {
  id: string;
  /** Where the line answers: ISO country, `EU`, or `any`. */
  region: string;
  phone: string | null;
  label: Bilingual;
}

/**
 * Shown to a patient whose PHQ-9 item 9 is above 0, in their language. Deployments outside
 * Spain/the EU/the US should review this list.
 */
export const CRISIS_RESOURCES: readonly CrisisResource[] = deepFreeze([
  {
    id: 'emergency-112',
    region: 'EU',
    phone: '112',
    label: {
      en: 'If you are in immediate danger or might act on these thoughts now, call 112 (emergency services in Spain and the EU) or go to the nearest emergency department.',
      es: 'Si está en peligro inmediato o cree que puede actuar ahora según estos pensamientos, llame al 112 (emergencias en España y la UE) o acuda al servicio de urgencias más cercano.',
    },
  },
  {
    id: 'es-024',
    region: 'ES',
    phone: '024',
    label: {
      en: 'Spain: call 024, the suicidal behaviour helpline — free, confidential, 24 hours a day.',
      es: 'España: llame al 024, Línea de atención a la conducta suicida — gratuita, confidencial, las 24 horas.',
    },
  },
  {
    id: 'us-988',
    region: 'US',
    phone: '988',
    label: {
      en: 'United States: call or text 988, the Suicide & Crisis Lifeline.',
      es: 'Estados Unidos: llame o envíe un mensaje al 988, Línea de Prevención del Suicidio y Crisis (atención en español).',
    },
  },
  {
    id: 'care-team',
    region: 'any',
    phone: null,
    label: {
      en: 'Your care team has been alerted to your answer and will contact you. You are not alone, and help is available.',
      es: 'Su equipo asistencial ha recibido un aviso sobre su respuesta y se pondrá en contacto con usted. No está solo/a y hay ayuda disponible.',
    },
  },
]);

export const RULES: readonly ClinicalRule[] = deepFreeze([
  {
    id: 'phq9-self-harm-urgent-task',
    instrumentId: 'phq9',
    when: { kind: 'flag', flag: 'phq9-self-harm' },
    severity: 'urgent',
    action: 'urgent-care-team-task',
    audience: 'care-team',
    immediate: true,
    title: {
      en: 'Urgent: PHQ-9 item 9 (thoughts of self-harm) answered above 0',
      es: 'Urgente: ítem 9 del PHQ-9 (pensamientos de autolesión) respondido por encima de 0',
    },
    explanation: {
      en: 'The patient reported thoughts that they would be better off dead or of hurting themselves. Contact the patient today and assess suicide risk; crisis resources were shown to the patient.',
      es: 'El paciente refirió pensamientos de que estaría mejor muerto o de hacerse daño. Contacte hoy con el paciente y valore el riesgo de suicidio; se le han mostrado recursos de crisis.',
    },
    source:
      'Kroenke 2001 (PHQ-9 item 9); project reference §2.6: item 9 > 0 raises an immediate clinician task and shows crisis resources.',
  },
  {
    id: 'phq9-self-harm-crisis-resources',
    instrumentId: 'phq9',
    when: { kind: 'flag', flag: 'phq9-self-harm' },
    severity: 'urgent',
    action: 'patient-crisis-resources',
    audience: 'patient',
    immediate: true,
    title: { en: 'Help is available now', es: 'Hay ayuda disponible ahora' },
    explanation: {
      en: 'You told us you have had thoughts that you would be better off dead or of hurting yourself. Thank you for telling us. Please reach out now:',
      es: 'Nos ha dicho que ha tenido pensamientos de que estaría mejor muerto/a o de hacerse daño. Gracias por contárnoslo. Por favor, pida ayuda ahora:',
    },
    source:
      'Project reference §2.6; issue 13 (crisis resources shown to the patient in their language, immediately).',
  },
  {
    id: 'pcs-psychology-referral',
    instrumentId: 'pcs',
    when: { kind: 'total-at-least', value: PCS_CLINICAL_THRESHOLD },
    severity: 'advisory',
    action: 'suggest-referral',
    audience: 'care-team',
    immediate: false,
    title: {
      en: 'Consider a pain-psychology referral (PCS ≥ 30)',
      es: 'Valore derivar a psicología del dolor (PCS ≥ 30)',
    },
    explanation: {
      en: 'A Pain Catastrophizing Scale total of 30 or more is clinically relevant catastrophizing. Consider pain psychology (e.g. CBT for pain).',
      es: 'Una puntuación total de 30 o más en la Escala de Catastrofización ante el Dolor indica catastrofización clínicamente relevante. Valore psicología del dolor (p. ej., TCC para el dolor).',
    },
    source: 'Sullivan, PCS User Manual (30 = clinically relevant); issue 13.',
  },
  {
    id: 'tsk17-graded-exposure-referral',
    instrumentId: 'tsk17',
    when: { kind: 'total-above', value: TSK17_HIGH_THRESHOLD },
    severity: 'advisory',
    action: 'suggest-referral',
    audience: 'care-team',
    immediate: false,
    title: {
      en: 'Consider graded exposure or pain psychology (TSK-17 > 37)',
      es: 'Valore exposición gradual o psicología del dolor (TSK-17 > 37)',
    },
    explanation: {
      en: 'A Tampa Scale total above 37 is high kinesiophobia (fear of movement or re-injury). Consider graded exposure or a pain-psychology referral.',
      es: 'Una puntuación total de la Escala Tampa superior a 37 indica kinesiofobia elevada (miedo al movimiento o a volver a lesionarse). Valore exposición gradual o derivar a psicología del dolor.',
    },
    source: 'Vlaeyen 1995 (>37 high); issue 13.',
  },
  {
    id: 'startback-high-stratified-care',
    instrumentId: 'startback',
    when: { kind: 'band', band: 'high' },
    severity: 'advisory',
    action: 'care-pathway',
    audience: 'care-team',
    immediate: false,
    title: {
      en: 'STarT Back high risk: stratified-care pathway',
      es: 'STarT Back riesgo alto: itinerario de atención estratificada',
    },
    explanation: {
      en: 'High risk of persistent disabling back pain (psychosocial subscale ≥ 4). The stratified-care pathway offers psychologically informed physiotherapy.',
      es: 'Riesgo alto de dolor lumbar persistente e incapacitante (subescala psicosocial ≥ 4). El itinerario de atención estratificada ofrece fisioterapia con enfoque psicológico.',
    },
    source: 'Hill JC et al. Lancet 2011;378:1560–1571 (STarT Back stratified care); Keele scoring.',
  },
  {
    id: 'dn4-neuropathic-review',
    instrumentId: 'dn4',
    when: { kind: 'total-at-least', value: DN4_THRESHOLD },
    severity: 'advisory',
    action: 'clinical-review',
    audience: 'care-team',
    immediate: false,
    title: {
      en: 'Neuropathic-pain review (DN4 ≥ 4)',
      es: 'Revisión de dolor neuropático (DN4 ≥ 4)',
    },
    explanation: {
      en: 'A DN4 of 4 or more out of 10 suggests neuropathic pain. Review the diagnosis and treatment for a neuropathic component.',
      es: 'Un DN4 de 4 o más sobre 10 sugiere dolor neuropático. Revise el diagnóstico y el tratamiento del componente neuropático.',
    },
    source: 'Bouhassira 2005 (≥4/10); issue 13.',
  },
]);

export interface RuleOutcome {
  ruleId: string;
  instrumentId: InstrumentId;
  severity: ClinicalRule['severity'];
  action: RuleAction;
  audience: ClinicalRule['audience'];
  immediate: boolean;
  title: Bilingual;
  explanation: Bilingual;
  /** Always false: a rule suggests or alerts, it never stops or gates care. */
  blocksCare: false;
  /** For `patient-crisis-resources`: the lines to show, in the patient's language. */
  resources?: readonly CrisisResource[];
}

const holds = (condition: RuleCondition, result: ScoreResult): boolean => {
  switch (condition.kind) {
    case 'flag':
      return result.flags.some((flag) => flag.id === condition.flag);
    case 'total-at-least':
      return result.total !== null && result.total >= condition.value;
    case 'total-above':
      return result.total !== null && result.total > condition.value;
    case 'band':
      return result.band?.id === condition.band;
  }
};

/** The outcomes of every rule of this instrument that the result triggers (none when nothing fires). */
export const evaluateRules = (instrumentId: InstrumentId, result: ScoreResult): RuleOutcome[] => {
  const { definition: def } = instrument(instrumentId);
  if (result.instrumentId !== def.id) {
    throw new ClinicalInputError(
      'instrument-mismatch',
      `The result is not a ${def.abbreviation} result.`,
    );
  }
  return RULES.filter((rule) => rule.instrumentId === def.id && holds(rule.when, result)).map(
    (rule) => ({
      ruleId: rule.id,
      instrumentId: rule.instrumentId,
      severity: rule.severity,
      action: rule.action,
      audience: rule.audience,
      immediate: rule.immediate,
      title: rule.title,
      explanation: rule.explanation,
      blocksCare: false,
      ...(rule.action === 'patient-crisis-resources' ? { resources: CRISIS_RESOURCES } : {}),
    }),
  );
};

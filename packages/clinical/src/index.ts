/**
 * @painlab/clinical — pure clinical scoring for Pain Lab: no I/O, no framework, no dependency.
 * The web, the server and the tests all call these functions; nothing else computes a score.
 */
export * from './types';
export { ClinicalInputError, type ClinicalInputErrorCode } from './errors';
export { score, validate } from './score';
export {
  change,
  type ChangeAssessment,
  type ChangeResult,
  type MeasureChange,
  type PercentLevel,
} from './change';
export {
  evaluateRules,
  RULES,
  CRISIS_RESOURCES,
  type ClinicalRule,
  type CrisisResource,
  type RuleAction,
  type RuleCondition,
  type RuleOutcome,
} from './rules';
export { DEFINITIONS, definition, isInstrumentId } from './registry';
export { ESASR_SYMPTOM_BANDS } from './instruments/esasr';
export { startBackRisk } from './instruments/startback';
export {
  mme,
  MME_TABLE,
  MME_NALOXONE_THRESHOLD,
  MME_LEGACY_2016_THRESHOLD,
  type MmeAlert,
  type MmeResult,
  type Opioid,
  type OpioidDose,
} from './mme';
export { WHO_LADDER, WHO_LADDER_PRINCIPLES, whoLadderStep, type LadderStep } from './who-ladder';
export {
  TRT,
  TRT_CONTRAINDICATIONS,
  trtMonitoringChecks,
  trtStartChecks,
  type TrtAdvisory,
  type TrtAdvisoryId,
  type TrtContraindication,
  type TrtMonitoringInput,
  type TrtStartInput,
} from './trt';

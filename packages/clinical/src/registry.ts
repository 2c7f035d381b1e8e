import type { Instrument } from './instrument';
import { bpi } from './instruments/bpi';
import { csi } from './instruments/csi';
import { dn4 } from './instruments/dn4';
import { esasr } from './instruments/esasr';
import { gad7 } from './instruments/gad7';
import { ipss } from './instruments/ipss';
import { odi } from './instruments/odi';
import { pcs } from './instruments/pcs';
import { peg } from './instruments/peg';
import { phq9 } from './instruments/phq9';
import { startback } from './instruments/startback';
import { stopbang } from './instruments/stopbang';
import { tsk17 } from './instruments/tsk17';
import { ClinicalInputError } from './errors';
import { deepFreeze } from './scoring';
import { INSTRUMENT_IDS, type InstrumentDefinition, type InstrumentId } from './types';

export const INSTRUMENTS: Readonly<Record<InstrumentId, Instrument>> = deepFreeze({
  bpi,
  peg,
  pcs,
  tsk17,
  odi,
  phq9,
  gad7,
  csi,
  startback,
  dn4,
  esasr,
  stopbang,
  ipss,
});

export const isInstrumentId = (id: unknown): id is InstrumentId =>
  typeof id === 'string' && (INSTRUMENT_IDS as readonly string[]).includes(id);

export const instrument = (id: unknown): Instrument => {
  if (!isInstrumentId(id))
    throw new ClinicalInputError('unknown-instrument', `Unknown instrument "${String(id)}".`);
  return INSTRUMENTS[id];
};

/** The published definition of an instrument (items, options, rules, bands, licence, sources). */
export const definition = (id: InstrumentId): InstrumentDefinition => instrument(id).definition;

export const DEFINITIONS: readonly InstrumentDefinition[] = INSTRUMENT_IDS.map(
  (id) => INSTRUMENTS[id].definition,
);

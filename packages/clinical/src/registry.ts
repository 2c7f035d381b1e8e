import type { Instrument } from './instrument.ts';
import { bpi } from './instruments/bpi.ts';
import { csi } from './instruments/csi.ts';
import { dn4 } from './instruments/dn4.ts';
import { esasr } from './instruments/esasr.ts';
import { gad7 } from './instruments/gad7.ts';
import { ipss } from './instruments/ipss.ts';
import { odi } from './instruments/odi.ts';
import { pcs } from './instruments/pcs.ts';
import { peg } from './instruments/peg.ts';
import { phq9 } from './instruments/phq9.ts';
import { startback } from './instruments/startback.ts';
import { stopbang } from './instruments/stopbang.ts';
import { tsk17 } from './instruments/tsk17.ts';
import { ClinicalInputError } from './errors.ts';
import { deepFreeze } from './scoring.ts';
import { INSTRUMENT_IDS, type InstrumentDefinition, type InstrumentId } from './types.ts';

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

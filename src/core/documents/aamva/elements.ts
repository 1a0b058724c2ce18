/**
 * Mandatory data elements per AAMVA version for a DL subfile (CDS Annex D, cross-checked in the
 * AAMVA DL/ID Card Design Standard). ID subfiles drop the DL-only elements: the vehicle class,
 * restriction and endorsement codes (DAR/DAS/DAT in v01, DCA/DCB/DCD from v02).
 */

export type SubfileType = 'DL' | 'ID';

const v01 = [
  'DAA',
  'DAG',
  'DAI',
  'DAJ',
  'DAK',
  'DAQ',
  'DAR',
  'DAS',
  'DAT',
  'DBA',
  'DBB',
  'DBC',
  'DBD',
] as const;
const v02 = [
  'DCA',
  'DCB',
  'DCD',
  'DBA',
  'DCS',
  'DCT',
  'DCU',
  'DBD',
  'DBB',
  'DBC',
  'DAY',
  'DAU',
  'DCE',
  'DAG',
  'DAI',
  'DAJ',
  'DAK',
  'DAQ',
  'DCF',
  'DCG',
  'DCH',
] as const;
const v03 = [
  'DCA',
  'DCB',
  'DCD',
  'DBA',
  'DCS',
  'DCT',
  'DBD',
  'DBB',
  'DBC',
  'DAY',
  'DAU',
  'DAG',
  'DAI',
  'DAJ',
  'DAK',
  'DAQ',
  'DCF',
  'DCG',
  'DCH',
] as const;
const v04Onwards = [
  'DCA',
  'DCB',
  'DCD',
  'DBA',
  'DCS',
  'DAC',
  'DAD',
  'DBD',
  'DBB',
  'DBC',
  'DAY',
  'DAU',
  'DAG',
  'DAI',
  'DAJ',
  'DAK',
  'DAQ',
  'DCF',
  'DCG',
  'DDE',
  'DDF',
  'DDG',
] as const;

const dlOnly = new Set(['DAR', 'DAS', 'DAT', 'DCA', 'DCB', 'DCD']);

export function mandatoryElements(aamvaVersion: number, subfileType: SubfileType): readonly string[] {
  const all = aamvaVersion <= 1 ? v01 : aamvaVersion === 2 ? v02 : aamvaVersion === 3 ? v03 : v04Onwards;
  return subfileType === 'DL' ? all : all.filter((id) => !dlOnly.has(id));
}

/**
 * OFAC's Sanctions List Service (SLS) exports, which replaced the treasury.gov/ofac/downloads files in
 * 2024 (the old `https://www.treasury.gov/ofac/downloads/sdn.csv` address redirects here).
 */
export const OFAC_SLS_EXPORTS_URL =
  'https://sanctionslistservice.ofac.treas.gov/api/PublicationPreview/exports';

/**
 * The default source: one file with everything the matcher uses (names, aliases with their strong/weak
 * category, dates of birth, nationalities, wallet addresses in idList) and the publish date.
 */
export const OFFICIAL_SDN_XML_URL = `${OFAC_SLS_EXPORTS_URL}/SDN.XML`;

/** The same list in the legacy CSV set; `SANCTIONS_LIST` may name the SDN.CSV address to use it instead. */
export const OFFICIAL_SDN_CSV_URL = `${OFAC_SLS_EXPORTS_URL}/SDN.CSV`;

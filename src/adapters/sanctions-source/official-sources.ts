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

/** The UN Security Council Consolidated List, XML (scsanctions.un.org). */
export const OFFICIAL_UN_XML_URL = 'https://scsanctions.un.org/resources/xml/en/consolidated.xml';

/**
 * The EU's consolidated Financial Sanctions File, XML 1.1, with the public access token the
 * Commission's FSF page publishes for anonymous downloads.
 */
export const OFFICIAL_EU_XML_URL =
  'https://webgate.ec.europa.eu/fsd/fsf/public/files/xmlFullSanctionsList_1_1/content?token=dG9rZW4tMjAxNw';

/**
 * The UK Sanctions List published by the FCDO, XML: since OFSI's Consolidated List closed (28 January
 * 2026) the single official UK list.
 */
export const OFFICIAL_UK_XML_URL = 'https://sanctionslist.fcdo.gov.uk/docs/UK-Sanctions-List.xml';

/** OpenSanctions' consolidated sanctions collection as one CSV (names, aliases, birth dates, programmes). */
export const OPENSANCTIONS_TARGETS_CSV_URL =
  'https://data.opensanctions.org/datasets/latest/sanctions/targets.simple.csv';

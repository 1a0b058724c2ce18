import { describe, expect, it } from 'vitest';
import { parseOfacCsv } from '../../../src/core/screening/parse-ofac-csv.js';
import { parseSdnSource, sniffSdnFormat } from '../../../src/core/screening/parse-sdn-source.js';
import { parseSdnXml } from '../../../src/core/screening/parse-sdn-xml.js';
import {
  buildScreeningIndex,
  screenName,
  screenWallet,
} from '../../../src/core/screening/screening-index.js';

// OFAC's SDN.XML schema (sdnList, as served by the Sanctions List Service), entries taken from the
// 2023-12-28 list; CRLF line ends as OFAC writes them.
const SDN_XML = `<?xml version="1.0" standalone="yes"?>
<sdnList xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns="https://sanctionslistservice.ofac.treas.gov/api/PublicationPreview/exports/XML">
  <publshInformation>
    <Publish_Date>12/28/2023</Publish_Date>
    <Record_Count>4</Record_Count>
  </publshInformation>
  <sdnEntry>
    <uid>306</uid>
    <lastName>BANCO NACIONAL DE CUBA</lastName>
    <sdnType>Entity</sdnType>
    <programList>
      <program>CUBA</program>
    </programList>
    <akaList>
      <aka>
        <uid>220</uid>
        <type>a.k.a.</type>
        <category>strong</category>
        <lastName>NATIONAL BANK OF CUBA</lastName>
      </aka>
      <aka>
        <uid>221</uid>
        <type>a.k.a.</type>
        <category>weak</category>
        <lastName>BNC</lastName>
      </aka>
    </akaList>
    <addressList>
      <address>
        <uid>199</uid>
        <address1>Zweierstrasse 35</address1>
        <city>Zurich</city>
        <postalCode>CH-8022</postalCode>
        <country>Switzerland</country>
      </address>
    </addressList>
  </sdnEntry>
  <sdnEntry>
    <uid>22790</uid>
    <firstName>Nicolas</firstName>
    <lastName>MADURO MOROS</lastName>
    <title>President of the Bolivarian Republic of Venezuela</title>
    <sdnType>Individual</sdnType>
    <programList>
      <program>VENEZUELA</program>
      <program>IRAN-CON-ARMS-EO</program>
    </programList>
    <idList>
      <id>
        <uid>107968</uid>
        <idType>Cedula No.</idType>
        <idNumber>5892464</idNumber>
        <idCountry>Venezuela</idCountry>
      </id>
    </idList>
    <dateOfBirthList>
      <dateOfBirthItem>
        <uid>63588</uid>
        <dateOfBirth>23 Nov 1962</dateOfBirth>
        <mainEntry>true</mainEntry>
      </dateOfBirthItem>
    </dateOfBirthList>
    <citizenshipList>
      <citizenship>
        <uid>63590</uid>
        <country>Venezuela</country>
        <mainEntry>true</mainEntry>
      </citizenship>
    </citizenshipList>
  </sdnEntry>
  <sdnEntry>
    <uid>33151</uid>
    <lastName>SUEX OTC, S.R.O.</lastName>
    <sdnType>Entity</sdnType>
    <programList>
      <program>CYBER2</program>
    </programList>
    <idList>
      <id>
        <uid>1</uid>
        <idType>Digital Currency Address - XBT</idType>
        <idNumber>1B64QRxfaa35MVkf7sDjuGUYAP5izQt7Qi</idNumber>
      </id>
      <id>
        <uid>2</uid>
        <idType>Digital Currency Address - ETH</idType>
        <idNumber>0x2f389ce8bd8ff92de3402ffce4691d17fc4f6535</idNumber>
      </id>
      <id>
        <uid>3</uid>
        <idType>Digital Currency Address - USDT</idType>
        <idNumber>0x2f389ce8bd8ff92de3402ffce4691d17fc4f6535</idNumber>
      </id>
    </idList>
  </sdnEntry>
  <sdnEntry>
    <uid>4107</uid>
    <firstName>Gilberto Jose</firstName>
    <lastName>RODRIGUEZ OREJUELA</lastName>
    <sdnType>Individual</sdnType>
    <programList>
      <program>SDNT</program>
    </programList>
    <akaList>
      <aka>
        <uid>5001</uid>
        <type>a.k.a.</type>
        <category>weak</category>
        <lastName>THE CHESS PLAYER</lastName>
      </aka>
    </akaList>
    <dateOfBirthList>
      <dateOfBirthItem>
        <uid>1</uid>
        <dateOfBirth>30 Jan 1939</dateOfBirth>
        <mainEntry>true</mainEntry>
      </dateOfBirthItem>
      <dateOfBirthItem>
        <uid>2</uid>
        <dateOfBirth>circa 1940</dateOfBirth>
        <mainEntry>false</mainEntry>
      </dateOfBirthItem>
    </dateOfBirthList>
    <nationalityList>
      <nationality>
        <uid>3</uid>
        <country>Colombia</country>
        <mainEntry>true</mainEntry>
      </nationality>
    </nationalityList>
    <remarks>Linked To: CALI CARTEL &amp; ASSOCIATES.</remarks>
  </sdnEntry>
</sdnList>
`.replace(/\n/g, '\r\n');

// The same four entries in the legacy CSV set.
const SDN_CSV = [
  `306,"BANCO NACIONAL DE CUBA",-0- ,"CUBA",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,"a.k.a. 'BNC'."`,
  `22790,"MADURO MOROS, Nicolas","individual","VENEZUELA] [IRAN-CON-ARMS-EO","President of the Bolivarian Republic of Venezuela",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,"DOB 23 Nov 1962; citizen Venezuela; Cedula No. 5892464 (Venezuela)."`,
  `33151,"SUEX OTC, S.R.O.",-0- ,"CYBER2",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,"Digital Currency Address - XBT 1B64QRxfaa35MVkf7sDjuGUYAP5izQt7Qi; alt. Digital Currency Address - ETH 0x2f389ce8bd8ff92de3402ffce4691d17fc4f6535; alt. Digital Currency Address - USDT 0x2f389ce8bd8ff92de3402ffce4691d17fc4f6535."`,
  `4107,"RODRIGUEZ OREJUELA, Gilberto Jose","individual","SDNT",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,"DOB 30 Jan 1939; alt. DOB circa 1940; nationality Colombia; a.k.a. 'THE CHESS PLAYER'; Linked To: CALI CARTEL & ASSOCIATES."`,
].join('\r\n');
const ALT_CSV = `306,220,"aka","NATIONAL BANK OF CUBA",-0- \r\n`;

describe('SDN.XML', () => {
  const list = parseSdnXml(SDN_XML);

  it('reads the publish date', () => {
    expect(list.publishedAt).toBe('2023-12-28');
    expect(parseSdnSource({ format: 'ofac-xml', xml: SDN_XML }).version).toMatch(
      /^sdn-2023-12-28-[0-9a-f]{8}$/,
    );
  });

  it('names individuals `SURNAME, Given` like sdn.csv and reads types and programs', () => {
    expect(list.entries.map((e) => [e.uid, e.name, e.type, e.programs])).toEqual([
      [306, 'BANCO NACIONAL DE CUBA', 'entity', ['CUBA']],
      [22790, 'MADURO MOROS, Nicolas', 'individual', ['VENEZUELA', 'IRAN-CON-ARMS-EO']],
      [33151, 'SUEX OTC, S.R.O.', 'entity', ['CYBER2']],
      [4107, 'RODRIGUEZ OREJUELA, Gilberto Jose', 'individual', ['SDNT']],
    ]);
  });

  it('keeps the strong and weak alias categories', () => {
    expect(list.entries[0]!.aliases).toEqual([
      { name: 'NATIONAL BANK OF CUBA', kind: 'aka', strength: 'strong' },
      { name: 'BNC', kind: 'aka', strength: 'weak' },
    ]);
  });

  it('reads dates of birth, nationality and citizenship', () => {
    const rodriguez = list.entries[3]!;
    expect(rodriguez.datesOfBirth.map((d) => [d.text, d.year, d.month, d.day, d.circa])).toEqual([
      ['30 Jan 1939', 1939, 1, 30, false],
      ['circa 1940', 1940, null, null, true],
    ]);
    expect(rodriguez.nationalities).toEqual(['Colombia']);
    expect(list.entries[1]!.nationalities).toEqual(['Venezuela']);
  });

  it('takes wallets from idList (and nothing from other identifiers)', () => {
    expect(list.entries[2]!.wallets).toEqual([
      { currency: 'XBT', address: '1B64QRxfaa35MVkf7sDjuGUYAP5izQt7Qi' },
      { currency: 'ETH', address: '0x2f389ce8bd8ff92de3402ffce4691d17fc4f6535' },
      { currency: 'USDT', address: '0x2f389ce8bd8ff92de3402ffce4691d17fc4f6535' },
    ]);
    expect(list.entries[1]!.wallets).toEqual([]);
  });

  it('reads addresses', () => {
    expect(list.entries[0]!.addresses).toEqual([
      { street: 'Zweierstrasse 35', city: 'Zurich CH-8022', country: 'Switzerland' },
    ]);
  });

  it('gives the same model as the CSV set for the same entries', () => {
    const csv = parseOfacCsv({ sdn: SDN_CSV, alt: ALT_CSV });
    const comparable = (entries: typeof list.entries) =>
      entries.map(({ addresses: _addresses, ...rest }) => ({
        ...rest,
        datesOfBirth: rest.datesOfBirth.map((d) => d.text),
      }));
    expect(comparable(list.entries)).toEqual(comparable(csv.entries));
  });

  it('screens names and wallets once indexed', () => {
    const index = buildScreeningIndex(parseSdnSource({ format: 'ofac-xml', xml: SDN_XML }));
    expect(screenName(index, { name: 'National Bank of Cuba' }).matches[0]).toMatchObject({ uid: 306 });
    expect(screenWallet(index, '0x2F389CE8BD8FF92DE3402FFCE4691D17FC4F6535').matches).toEqual([
      {
        uid: 33151,
        name: 'SUEX OTC, S.R.O.',
        currency: 'ETH',
        address: '0x2f389ce8bd8ff92de3402ffce4691d17fc4f6535',
      },
      {
        uid: 33151,
        name: 'SUEX OTC, S.R.O.',
        currency: 'USDT',
        address: '0x2f389ce8bd8ff92de3402ffce4691d17fc4f6535',
      },
    ]);
  });

  it('accepts the older tempuri.org namespace and rejects other documents', () => {
    const old = SDN_XML.replace(
      'https://sanctionslistservice.ofac.treas.gov/api/PublicationPreview/exports/XML',
      'http://tempuri.org/sdnList.xsd',
    );
    expect(parseSdnXml(old).entries).toHaveLength(4);
    expect(() => parseSdnXml('<html><body>Service Unavailable</body></html>')).toThrow(/no <sdnList> root/);
    expect(sniffSdnFormat('\uFEFF<?xml version="1.0"?>')).toBe('ofac-xml');
  });
});

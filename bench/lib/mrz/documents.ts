import sharp from 'sharp';
import { seededRandom } from '../../../test/helpers/seeded-random.js';
import { type MrzHolder, td1Lines, td3Lines } from '../../../test/helpers/mrz-lines.js';
import { checkDigit } from '../../../src/core/documents/mrz/layout.js';
import { type CardCondition, photographCard } from '../face-eval/render.js';

/**
 * Passport data pages (TD3) and identity cards (TD1, zone on the back) for the zone-reading
 * evaluation: holders of several countries and scripts, their names printed in the visual zone as
 * their documents print them and in the zone transliterated as Doc 9303 does (`MÜLLER` as `MUELLER`,
 * `SØRENSEN` as `SOERENSEN`, a hyphen or apostrophe as a filler or dropped), the zone in OCR-B
 * (Debian's fonts-ocr-b), the visual zone in one of several fonts and date styles, then photographed
 * with the licence fronts' degradations (photographCard). Every choice comes from the seed.
 */

type Name = { printed: string; mrz: string; native?: string };
type Origin = { state: string; surnames: Name[]; givenNames: Name[] };

const n = (printed: string, mrz: string = printed, native?: string): Name => ({
  printed,
  mrz,
  ...(native ? { native } : {}),
});

/**
 * Holders' names by issuing state: Latin with diacritics, and Cyrillic and Greek printed below their
 * Latin form (no CJK font is installed, so Chinese names are printed in their Latin form only).
 */
const ORIGINS: Origin[] = [
  {
    state: 'D',
    surnames: [n('MÜLLER', 'MUELLER'), n('SCHRÖDER', 'SCHROEDER'), n('WEISSGERBER'), n('KRAUSS')],
    givenNames: [n('JÜRGEN', 'JUERGEN'), n('ANNA LENA'), n('KLAUS PETER'), n('SOPHIE')],
  },
  {
    state: 'FRA',
    surnames: [n('LEFÈVRE', 'LEFEVRE'), n('DUPONT'), n("D'ARTAGNAN", 'DARTAGNAN'), n('BÉRANGER', 'BERANGER')],
    givenNames: [n('HÉLÈNE', 'HELENE'), n('JEAN-PIERRE', 'JEAN<PIERRE'), n('CÉCILE MARIE', 'CECILE<MARIE')],
  },
  {
    state: 'ESP',
    surnames: [n('GARCÍA NÚÑEZ', 'GARCIA<NUNEZ'), n('FERNÁNDEZ', 'FERNANDEZ'), n('OLIVARES')],
    givenNames: [n('JOSÉ MARÍA', 'JOSE<MARIA'), n('LUCÍA', 'LUCIA'), n('PABLO')],
  },
  {
    state: 'SWE',
    surnames: [n('ÅSTRÖM', 'AASTROEM'), n('LINDQVIST'), n('BJÖRK', 'BJOERK')],
    givenNames: [n('BJÖRN', 'BJOERN'), n('INGRID'), n('MAJA')],
  },
  {
    state: 'NOR',
    surnames: [n('SØRENSEN', 'SOERENSEN'), n('HALVORSEN')],
    givenNames: [n('ØYVIND', 'OEYVIND'), n('KARI')],
  },
  {
    state: 'RUS',
    surnames: [n('IVANOVA', 'IVANOVA', 'ИВАНОВА'), n('KUZNETSOV', 'KUZNETSOV', 'КУЗНЕЦОВ')],
    givenNames: [n('MARIIA', 'MARIIA', 'МАРИЯ'), n('DMITRII', 'DMITRII', 'ДМИТРИЙ')],
  },
  {
    state: 'GRC',
    surnames: [n('PAPADOPOULOS', 'PAPADOPOULOS', 'ΠΑΠΑΔΟΠΟΥΛΟΣ')],
    givenNames: [n('GEORGIOS', 'GEORGIOS', 'ΓΕΩΡΓΙΟΣ'), n('ELENI', 'ELENI', 'ΕΛΕΝΗ')],
  },
  {
    state: 'CHN',
    surnames: [n('ZHANG'), n('LIU')],
    givenNames: [n('WEI'), n('XIAOMING')],
  },
  {
    state: 'JPN',
    surnames: [n('YAMAMOTO'), n('TAKAHASHI')],
    givenNames: [n('HARUKI'), n('YUKIKO')],
  },
  {
    state: 'NGA',
    surnames: [n('OKONKWO'), n('ADEYEMI')],
    givenNames: [n('CHIDI EMEKA', 'CHIDI<EMEKA'), n('FUNMILAYO')],
  },
  {
    state: 'IND',
    surnames: [n('PATEL'), n('RAGHAVAN')],
    givenNames: [n('RAHUL KUMAR', 'RAHUL<KUMAR'), n('PRIYA')],
  },
  {
    state: 'CAN',
    surnames: [n('TREMBLAY'), n("O'NEILL", 'ONEILL'), n('GAGNON')],
    givenNames: [n('MARIE-ÈVE', 'MARIE<EVE'), n('LIAM')],
  },
  {
    state: 'GBR',
    surnames: [n('SMITH-JONES', 'SMITH<JONES'), n('MACDONALD')],
    givenNames: [n('SIOBHAN'), n('OLIVER JAMES', 'OLIVER<JAMES')],
  },
  {
    state: 'NLD',
    surnames: [n('VAN DER BERG', 'VAN<DER<BERG'), n('DE VRIES', 'DE<VRIES')],
    givenNames: [n('JAN'), n('SANNE')],
  },
];

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const FONTS = ['DejaVu Sans', 'Liberation Sans', 'DejaVu Serif', 'Liberation Serif'];
const DATE_STYLES = ['month_name', 'dotted', 'slashed', 'iso'] as const;
type DateStyle = (typeof DATE_STYLES)[number];

const between = (random: () => number, low: number, high: number) => low + (high - low) * random();
const intBetween = (random: () => number, low: number, high: number) =>
  Math.round(between(random, low, high));
const pick = <T>(random: () => number, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

export type DocumentKind = 'TD3' | 'TD1';

/** What a page prints: the holder as the zone has it, and the visual zone's own forms. */
export type PrintedDocument = {
  kind: DocumentKind;
  holder: MrzHolder;
  printedSurname: string;
  printedGivenNames: string;
  nativeName: string | null;
  /** ISO dates of the visual zone. */
  birthDate: string;
  expiryDate: string;
  issueDate: string;
  /** The zone's lines as printed (tampered ones included). */
  lines: string[];
};

export const TAMPERINGS = ['vz_dob', 'mrz_dob', 'check_digit', 'other_portrait'] as const;
export type Tampering = (typeof TAMPERINGS)[number];

const iso = (date: Date) => date.toISOString().slice(0, 10);
const yymmdd = (isoDate: string) => isoDate.slice(2).replace(/-/g, '');

/** A holder drawn from the seed: a birth date 1940–2007, a document valid 5 or 10 years and unexpired on `today`. */
export function drawDocument(kind: DocumentKind, seed: number, today: string): PrintedDocument {
  const random = seededRandom(seed);
  const origin = pick(random, ORIGINS);
  const surname = pick(random, origin.surnames);
  const given = pick(random, origin.givenNames);
  const birth = new Date(
    Date.UTC(intBetween(random, 1940, 2007), intBetween(random, 0, 11), intBetween(random, 1, 28)),
  );
  const now = new Date(`${today}T00:00:00Z`);
  const validity = random() < 0.5 ? 5 : 10;
  const expiry = new Date(now.getTime() + between(random, 30, 365 * validity - 30) * 86_400_000);
  const issue = new Date(
    Date.UTC(expiry.getUTCFullYear() - validity, expiry.getUTCMonth(), expiry.getUTCDate()),
  );
  const letters = 'ABCDEFGHJKLMNPRSTUVWXYZ';
  const documentNumber =
    pick(random, [...letters]) +
    pick(random, [...letters]) +
    Array.from({ length: 7 }, () => String(intBetween(random, 0, 9))).join('');
  const holder: MrzHolder = {
    documentCode: kind === 'TD3' ? 'P' : 'ID',
    issuingState: origin.state,
    surname: surname.mrz.replace(/</g, ' '),
    givenNames: given.mrz.replace(/</g, ' '),
    documentNumber,
    nationality: origin.state,
    birthDate: yymmdd(iso(birth)),
    sex: pick(random, ['M', 'F', 'X'] as const),
    expiryDate: yymmdd(iso(expiry)),
    optionalData: kind === 'TD3' && random() < 0.5 ? `${intBetween(random, 100000, 999999)}` : '',
  };
  return {
    kind,
    holder,
    printedSurname: surname.printed,
    printedGivenNames: given.printed,
    nativeName: surname.native && given.native ? `${surname.native} ${given.native}` : null,
    birthDate: iso(birth),
    expiryDate: iso(expiry),
    issueDate: iso(issue),
    lines: kind === 'TD3' ? td3Lines(holder) : td1Lines(holder),
  };
}

/** A forger's date: the year moved 1–15 years either way, or the day changed. */
function otherDate(isoDate: string, random: () => number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  if (random() < 0.6)
    date.setUTCFullYear(date.getUTCFullYear() + intBetween(random, 1, 15) * (random() < 0.5 ? -1 : 1));
  else date.setUTCDate(((date.getUTCDate() + intBetween(random, 1, 20)) % 28) + 1);
  const moved = iso(date);
  return moved === isoDate ? otherDate(isoDate, random) : moved;
}

/** The birth date's place in the zone: [line, column] of its six digits. */
const birthAt = (kind: DocumentKind): [number, number] => (kind === 'TD3' ? [1, 13] : [1, 0]);
const documentDigitAt = (kind: DocumentKind): [number, number] => (kind === 'TD3' ? [1, 9] : [0, 14]);

const replaced = (line: string, at: number, text: string) =>
  line.slice(0, at) + text + line.slice(at + text.length);

/**
 * `document` tampered: the visual zone's birth date changed alone; the zone's changed with its own
 * check digit recomputed but not the composite; a check digit broken; or (for the face checks, not
 * this one) another person's portrait, which the caller prints.
 */
export function tamper(document: PrintedDocument, tampering: Tampering, seed: number): PrintedDocument {
  const random = seededRandom(seed);
  if (tampering === 'vz_dob') return { ...document, birthDate: otherDate(document.birthDate, random) };
  if (tampering === 'other_portrait') return document;
  const lines = [...document.lines];
  if (tampering === 'mrz_dob') {
    const [line, column] = birthAt(document.kind);
    const forged = yymmdd(otherDate(document.birthDate, random));
    lines[line] = replaced(lines[line]!, column, `${forged}${checkDigit(forged)}`);
    return { ...document, lines };
  }
  const [line, column] = documentDigitAt(document.kind);
  lines[line] = replaced(
    lines[line]!,
    column,
    String((Number(lines[line]![column]) + intBetween(random, 1, 9)) % 10),
  );
  return { ...document, lines };
}

function printedDate(isoDate: string, style: DateStyle): string {
  const [y, m, d] = isoDate.split('-') as [string, string, string];
  if (style === 'month_name') return `${d} ${MONTHS[Number(m) - 1]} ${y}`;
  if (style === 'dotted') return `${d}.${m}.${y}`;
  if (style === 'slashed') return `${d}/${m}/${y}`;
  return isoDate;
}

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/'/g, '&apos;');

/** The zone's lines in OCR-B at Doc 9303's 2.54 mm pitch, one element per character so the pitch is exact. */
function zoneText(
  lines: readonly string[],
  left: number,
  baseline: number,
  pitch: number,
  lineGap: number,
): string {
  const size = pitch * 1.45;
  return lines
    .map((line, l) =>
      [...line]
        .map(
          (ch, i) =>
            `<text x="${(left + i * pitch).toFixed(1)}" y="${(baseline + l * lineGap).toFixed(1)}" font-family="OCR B" font-size="${size.toFixed(1)}" fill="#111">${escapeXml(ch)}</text>`,
        )
        .join(''),
    )
    .join('');
}

type Field = { label: string; value: string };

/** The visual zone's labelled fields, bilingual where the page's style is. */
function visualFields(document: PrintedDocument, style: DateStyle, bilingual: boolean): Field[] {
  const label = (en: string, fr: string) => (bilingual ? `${en} / ${fr}` : en);
  return [
    {
      label: label(document.kind === 'TD3' ? 'Passport No.' : 'Document No.', 'No du document'),
      value: document.holder.documentNumber,
    },
    { label: label('Surname', 'Nom'), value: document.printedSurname },
    { label: label('Given names', 'Prénoms'), value: document.printedGivenNames },
    { label: label('Nationality', 'Nationalité'), value: document.holder.nationality.replace(/</g, '') },
    { label: label('Date of birth', 'Date de naissance'), value: printedDate(document.birthDate, style) },
    { label: label('Sex', 'Sexe'), value: document.holder.sex },
    { label: label('Date of issue', 'Date de délivrance'), value: printedDate(document.issueDate, style) },
    { label: label('Date of expiry', "Date d'expiration"), value: printedDate(document.expiryDate, style) },
  ];
}

async function portraitOf(photo: Buffer | undefined, width: number, height: number): Promise<Buffer> {
  if (photo)
    return sharp(photo)
      .rotate()
      .resize({ width, height, fit: 'cover', position: sharp.strategy.attention })
      .toBuffer();
  return sharp(
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="${width}" height="${height}" fill="#b8c4cc"/>
    <circle cx="${width / 2}" cy="${height * 0.38}" r="${width * 0.24}" fill="#6d7a84"/>
    <ellipse cx="${width / 2}" cy="${height}" rx="${width * 0.45}" ry="${height * 0.32}" fill="#6d7a84"/></svg>`),
  )
    .png()
    .toBuffer();
}

function background(width: number, height: number, hue: number, random: () => number): string {
  const waves = Array.from({ length: 10 }, (_, i) => {
    const y = ((i + random()) * height) / 10;
    return `<path d="M0 ${y} Q ${width / 4} ${y - 25} ${width / 2} ${y} T ${width} ${y}" stroke="hsl(${hue},40%,80%)" stroke-width="2" fill="none"/>`;
  }).join('');
  return `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hue},35%,94%)"/><stop offset="1" stop-color="hsl(${(hue + 50) % 360},30%,88%)"/>
    </linearGradient></defs><rect width="${width}" height="${height}" fill="url(#bg)"/>${waves}`;
}

function fieldsSvg(
  fields: Field[],
  x: number,
  top: number,
  rowHeight: number,
  font: string,
  columns: number,
  columnWidth: number,
): string {
  return fields
    .map((field, i) => {
      const column = i % columns;
      const row = Math.floor(i / columns);
      const fx = x + column * columnWidth;
      const y = top + row * rowHeight;
      return `<text x="${fx}" y="${y}" font-family="${font}" font-size="${(rowHeight * 0.24).toFixed(1)}" fill="#4a4a6a">${escapeXml(field.label)}</text>
        <text x="${fx}" y="${(y + rowHeight * 0.5).toFixed(1)}" font-family="${font}" font-size="${(rowHeight * 0.36).toFixed(1)}" font-weight="bold" fill="#111">${escapeXml(field.value)}</text>`;
    })
    .join('');
}

export type RenderedDocument = {
  /** The side whose zone is read: a data page, or a card's back. */
  zoneSide: Buffer;
  /** A card's front (its visual zone); null for a data page, which holds both. */
  visualSide: Buffer | null;
};

/**
 * `document` printed (a data page 1100–1500 px wide, a card 1000–1400; 800–900 for `small_jpeg`) and
 * photographed under `condition`, with `photo` (or a silhouette) as its portrait.
 */
export async function renderDocument(
  document: PrintedDocument,
  condition: CardCondition,
  seed: number,
  photo?: Buffer,
): Promise<RenderedDocument> {
  const random = seededRandom(seed);
  const font = pick(random, FONTS);
  const style = pick(random, DATE_STYLES);
  const bilingual = random() < 0.6;
  const hue = intBetween(random, 0, 359);
  if (document.kind === 'TD3') {
    // 125 × 88 mm
    const width = condition === 'small_jpeg' ? intBetween(random, 800, 900) : intBetween(random, 1100, 1500);
    const height = Math.round((width * 88) / 125);
    const mm = width / 125;
    const portraitWidth = Math.round(32 * mm);
    const portraitHeight = Math.round(40 * mm);
    const native = document.nativeName
      ? `<text x="${Math.round(44 * mm)}" y="${Math.round(66 * mm)}" font-family="DejaVu Sans" font-size="${(3.2 * mm).toFixed(1)}" fill="#333">${escapeXml(document.nativeName)}</text>`
      : '';
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
      ${background(width, height, hue, random)}
      <text x="${Math.round(5 * mm)}" y="${Math.round(8 * mm)}" font-family="${font}" font-size="${(4.2 * mm).toFixed(1)}" font-weight="bold" fill="hsl(${hue},50%,30%)">PASSPORT${bilingual ? ' / PASSEPORT' : ''}</text>
      <text x="${Math.round(80 * mm)}" y="${Math.round(8 * mm)}" font-family="${font}" font-size="${(3 * mm).toFixed(1)}" fill="#333">Type P   Code ${escapeXml(document.holder.issuingState.replace(/</g, ''))}</text>
      ${fieldsSvg(visualFields(document, style, bilingual), Math.round(44 * mm), Math.round(16 * mm), 8.4 * mm, font, 2, 40 * mm)}
      ${native}
      <rect x="0" y="${Math.round(70 * mm)}" width="${width}" height="${height - Math.round(70 * mm)}" fill="#ffffff" opacity="0.55"/>
      ${zoneText(document.lines, 6.6 * mm, 77 * mm, 2.54 * mm, 6.2 * mm)}
    </svg>`;
    const page = await sharp(Buffer.from(svg))
      .composite([
        {
          input: await portraitOf(photo, portraitWidth, portraitHeight),
          left: Math.round(6 * mm),
          top: Math.round(14 * mm),
        },
      ])
      .flatten({ background: '#ffffff' })
      .png()
      .toBuffer();
    return { zoneSide: await photographCard(page, width, condition, random), visualSide: null };
  }
  // ID-1: 85.6 × 54 mm
  const width = condition === 'small_jpeg' ? intBetween(random, 800, 900) : intBetween(random, 1000, 1400);
  const height = Math.round((width * 54) / 85.6);
  const mm = width / 85.6;
  const portraitWidth = Math.round(24 * mm);
  const portraitHeight = Math.round(30 * mm);
  const fields = visualFields(document, style, bilingual).filter((f) => !/issue/i.test(f.label));
  const front = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    ${background(width, height, hue, random)}
    <text x="${Math.round(4 * mm)}" y="${Math.round(7 * mm)}" font-family="${font}" font-size="${(3.6 * mm).toFixed(1)}" font-weight="bold" fill="hsl(${hue},50%,30%)">IDENTITY CARD${bilingual ? " / CARTE D'IDENTITÉ" : ''}</text>
    ${fieldsSvg(fields, Math.round(31 * mm), Math.round(13 * mm), 6.4 * mm, font, 2, 27 * mm)}
  </svg>`;
  const back = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    ${background(width, height, (hue + 20) % 360, random)}
    <text x="${Math.round(4 * mm)}" y="${Math.round(8 * mm)}" font-family="${font}" font-size="${(2.6 * mm).toFixed(1)}" fill="#333">Date of issue: ${escapeXml(printedDate(document.issueDate, style))}</text>
    <rect x="0" y="${Math.round(32 * mm)}" width="${width}" height="${height - Math.round(32 * mm)}" fill="#ffffff" opacity="0.55"/>
    ${zoneText(document.lines, 4.7 * mm, 38.5 * mm, 2.54 * mm, 5.6 * mm)}
  </svg>`;
  const frontCard = await sharp(Buffer.from(front))
    .composite([
      {
        input: await portraitOf(photo, portraitWidth, portraitHeight),
        left: Math.round(4 * mm),
        top: Math.round(11 * mm),
      },
    ])
    .flatten({ background: '#ffffff' })
    .png()
    .toBuffer();
  const backCard = await sharp(Buffer.from(back)).flatten({ background: '#ffffff' }).png().toBuffer();
  return {
    zoneSide: await photographCard(backCard, width, condition, random),
    visualSide: await photographCard(frontCard, width, condition, random),
  };
}

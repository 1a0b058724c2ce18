import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  docChecksSchema,
  documentDetailSchema,
  faceDedupeDetailSchema,
  sanctionsDetailSchema,
} from '../../src/core/check-results.js';
import { searchDuplicates } from '../../src/checks/dedupe-check.js';
import { checkDocument } from '../../src/checks/document-check.js';
import { screenSanctions } from '../../src/checks/sanctions-check.js';
import { checkDetails } from '../../src/checks/summary.js';
import type { CheckResults, StoredBarcode } from '../../src/core/checks.js';
import { REASON_CODES } from '../../src/core/verifications/reason-codes.js';
import { forcedCheckResults } from '../../src/core/verifications/test-outcome.js';
import type { FaceStore } from '../../src/ports/face-store.js';
import type { SanctionsScreening } from '../../src/ports/sanctions.js';
import { fixturePayload, fixtureRecords, syntheticRecords } from './documents/aamva-data.js';

/** Parsing strips what the schema does not declare, so a field it lacks makes the two differ. */
function expectDeclared(schema: z.ZodType, value: unknown, what: string): void {
  expect(schema.parse(value), what).toEqual(value);
}

const today = new Date('2026-11-01T12:00:00Z');
const unavailable = { status: 'unavailable' as const, error: 'not loaded' };

/** The API's `doc_checks` for these document, sanctions and dedupe results (face checks not run). */
function docChecksOf(
  document: ReturnType<typeof checkDocument>,
  rest: Partial<Pick<CheckResults, 'sanctions' | 'dedupe'>> = {},
) {
  return checkDetails(
    {
      document: document.result,
      faceMatch: unavailable,
      liveness: unavailable,
      sanctions: rest.sanctions ?? unavailable,
      dedupe: rest.dedupe ?? unavailable,
    },
    document.identity,
  );
}

const serverRead = (text: string): StoredBarcode => ({
  server_status: 'ok',
  server_text: text,
  browser_text: null,
});

describe("doc_checks' document detail schema", () => {
  it('declares every field the document check reports for each AAMVA test record', () => {
    const payloads = [
      ...syntheticRecords().map((record) => ({ what: record.id, text: record.payload })),
      ...fixtureRecords().map((record) => ({ what: record.file, text: fixturePayload(record.file) })),
    ];
    expect(payloads.length).toBeGreaterThan(50);
    for (const { what, text } of payloads) {
      expectDeclared(
        documentDetailSchema,
        docChecksOf(checkDocument(serverRead(text), today)).document,
        what,
      );
    }
  });

  it('declares the detail of a browser-only read, a missing barcode and a decoder outage', () => {
    const [first] = syntheticRecords();
    const cases: Array<[string, StoredBarcode]> = [
      ['browser only', { server_status: 'not_found', server_text: null, browser_text: first!.payload }],
      [
        'decoder unavailable',
        {
          server_status: 'unavailable',
          server_text: null,
          browser_text: first!.payload,
          server_error: 'timeout',
        },
      ],
      ['no barcode', { server_status: 'not_found', server_text: null, browser_text: null }],
    ];
    for (const [what, barcode] of cases)
      expectDeclared(documentDetailSchema, docChecksOf(checkDocument(barcode, today)).document, what);
  });
});

describe("doc_checks' sanctions and duplicate-face detail schemas", () => {
  const holder = checkDocument(serverRead(syntheticRecords()[0]!.payload), today);

  it('declares the sanctions detail with a match, and when screening could not run', async () => {
    const screening = {
      screenLicenceHolder: () => ({
        outcome: 'possible_match' as const,
        score: 0.91,
        list_version: '2026-11-20',
        list_versions: { ofac: '2026-11-20' },
        lists_unavailable: [],
        query: { name: 'X', tokens: [] },
        matches: [
          {
            uid: 36,
            name: 'AEROCARIBBEAN AIRLINES',
            matched_name: 'AERO-CARIBBEAN',
            type: 'entity' as const,
            programs: ['CUBA'],
            score: 0.91,
            query_reading: null,
            list: 'ofac' as const,
            reference: null,
          },
        ],
      }),
    } as unknown as SanctionsScreening;
    const ran = await screenSanctions(screening, holder.identity);
    expect(ran.status).toBe('ok');
    expectDeclared(sanctionsDetailSchema, docChecksOf(holder, { sanctions: ran }).sanctions, 'a match');
    expectDeclared(sanctionsDetailSchema, docChecksOf(holder).sanctions, 'unavailable');

    // A passport's MRZ name is screened the same way; its nationality and issuing state ride along.
    const screened: unknown[] = [];
    const spying = {
      screenLicenceHolder: (query: unknown) => {
        screened.push(query);
        return (screening.screenLicenceHolder as (q: unknown) => unknown)(query);
      },
    } as unknown as SanctionsScreening;
    const passport = await screenSanctions(
      spying,
      { firstName: 'ERIKA', middleName: null, lastName: 'MUSTERMANN', dob: '1984-08-12' },
      { nationality: 'D', issuingState: 'XXA' },
    );
    expect(screened).toEqual([
      { firstName: 'ERIKA', middleName: null, lastName: 'MUSTERMANN', dob: '1984-08-12' },
    ]);
    expect(passport.status === 'ok' && passport.detail).toMatchObject({
      document: { nationality: 'D', issuingState: 'XXA' },
    });
    expectDeclared(
      sanctionsDetailSchema,
      docChecksOf(holder, { sanctions: passport }).sanctions,
      'a passport holder',
    );
  });

  it('declares the duplicate-face detail for a near face of another key, a listed face, none, and no template', async () => {
    const template = Array.from({ length: 128 }, () => 0.05);
    const faces = (nearest: boolean, listed: boolean) =>
      ({
        vectorSearch: true,
        nearest: async () =>
          nearest
            ? {
                verificationId: 'a0b1c2d3-0000-4000-8000-000000000001',
                apiKeyId: 9,
                distance: 0.2,
                identity: null,
              }
            : null,
        nearestListed: async () => (listed ? { id: 4, distance: 0.9 } : null),
      }) as unknown as FaceStore;
    const input = { verificationId: 'v', apiKeyId: 1, template, identity: holder.identity };
    for (const [what, store, given] of [
      ['a near face of another key', faces(true, false), input],
      ['a listed face', faces(false, true), input],
      ['no earlier face', faces(false, false), input],
      ['no selfie template', faces(false, false), { ...input, template: null }],
    ] as const) {
      const dedupe = await searchDuplicates(store, given);
      expectDeclared(faceDedupeDetailSchema, docChecksOf(holder, { dedupe }).face_dedupe, what);
    }
    expectDeclared(faceDedupeDetailSchema, docChecksOf(holder).face_dedupe, 'unavailable');
  });
});

describe('doc_checks in test mode', () => {
  it('declares every field of each forced outcome, with and without a parsed licence', () => {
    const parsed = checkDocument(serverRead(syntheticRecords()[0]!.payload), today);
    const none = checkDocument({ server_status: 'not_found', server_text: null, browser_text: null }, today);
    for (const document of [parsed, none]) {
      for (const reason of REASON_CODES) {
        const results = forcedCheckResults([reason], document.result);
        expectDeclared(docChecksSchema, checkDetails(results, document.identity), reason);
      }
    }
  });
});

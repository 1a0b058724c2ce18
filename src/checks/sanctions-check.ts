import type { SanctionsCheckResult, ScreenedDocumentOrigin } from '../core/checks.js';
import type { SanctionsScreening } from '../ports/sanctions.js';
import type { Identity } from './identity.js';

const unavailable = (component: string) => ({
  status: 'unavailable' as const,
  error: `${component} is not available`,
});

/**
 * The document holder against the loaded sanctions list: the name the licence barcode or the
 * passport's or ID card's MRZ gives. A passport's or ID card's nationality and issuing state
 * (`origin`) are recorded beside the result for the reviewer.
 */
export async function screenSanctions(
  sanctions: SanctionsScreening,
  identity: Identity | null,
  origin: ScreenedDocumentOrigin | null = null,
): Promise<SanctionsCheckResult> {
  // No name to screen (the document gave none) means screening could not run: never a silent pass.
  if (!identity?.lastName && !identity?.firstName)
    return unavailable('sanctions screening (no name read from the document)');
  const result = sanctions.screenLicenceHolder({
    firstName: identity.firstName,
    middleName: identity.middleName,
    lastName: identity.lastName,
    dob: identity.dob,
  });
  if (!result) return unavailable('sanctions list (none loaded)');
  // A clear result is only a pass when every enabled list was screened; a hit stands regardless.
  if (result.outcome === 'no_match' && result.lists_unavailable.length > 0)
    return unavailable(`sanctions lists ${result.lists_unavailable.join(', ')} (not loaded)`);
  return {
    status: 'ok',
    outcome: result.outcome,
    score: result.score,
    detail: {
      list_version: result.list_version,
      list_versions: result.list_versions,
      matches: result.matches,
      ...(origin ? { document: origin } : {}),
    },
  };
}

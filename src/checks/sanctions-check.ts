import type { SanctionsCheckResult } from '../core/checks.js';
import type { SanctionsScreening } from '../ports/sanctions.js';
import type { Identity } from './identity.js';

const unavailable = (component: string) => ({
  status: 'unavailable' as const,
  error: `${component} is not available`,
});

/** The licence holder against the loaded sanctions list. */
export async function screenSanctions(
  sanctions: SanctionsScreening,
  identity: Identity | null,
): Promise<SanctionsCheckResult> {
  // No name to screen (the barcode gave none) means screening could not run: never a silent pass.
  if (!identity?.lastName && !identity?.firstName)
    return unavailable('sanctions screening (no name on the licence barcode)');
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
    },
  };
}

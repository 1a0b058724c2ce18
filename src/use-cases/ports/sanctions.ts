import type { NameQuery } from '../../core/screening/screen-name.js';
import type {
  LicenceHolder,
  NameScreeningResult,
  WalletScreeningResult,
} from '../../core/screening/screening-index.js';

/** Screening against the loaded sanctions list; each answers null while no list is loaded. */
export type SanctionsScreening = {
  screenName(query: NameQuery): NameScreeningResult | null;
  screenWallet(address: string): WalletScreeningResult | null;
  /** Against every enabled list: which versions were screened, and which lists could not be. */
  screenLicenceHolder(
    holder: LicenceHolder,
  ):
    | (NameScreeningResult & { list_versions: Partial<Record<string, string>>; lists_unavailable: string[] })
    | null;
};

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
  screenLicenceHolder(holder: LicenceHolder): NameScreeningResult | null;
};

/**
 * The merchant's branding (docs/hosted-flow.md "Branding"), from the session state: its name and logo
 * in the header, its colour on primary buttons, its help and privacy links in the footer and the
 * consent text. Without branding nothing here runs and the flow is unchanged.
 */
import type { Branding, SessionApi } from './api.js';
import { t } from './i18n/index.js';
import { applyTheme } from './theme.js';
import { h } from './ui.js';

/** A link out of the flow: a new tab, so the capture in progress stays where it is. */
function outLink(href: string, text: string, className?: string): HTMLAnchorElement {
  return h(
    'a',
    { href, target: '_blank', rel: 'noopener noreferrer', class: className },
    text,
    h('span', { class: 'sr-only' }, ` ${t('link.new_tab')}`),
  );
}

/**
 * Shows the branding in the page's frame (header, footer, button colour). The host page's own colour
 * from the SDK's `init`, when it gave one, is kept: the embedding page knows its surroundings best.
 */
export function applyBranding(
  branding: Branding,
  api: Pick<SessionApi, 'logo'>,
  hostGaveColour: boolean,
): void {
  const brand = document.querySelector<HTMLElement>('.brand');
  if (brand && branding.display_name) {
    brand.textContent = branding.display_name;
    brand.classList.add('merchant');
  }
  if (brand && branding.logo_url) {
    const alt = branding.display_name ? '' : t('brand.logo', { merchant: t('app.brand') });
    // The name beside it already says whose logo it is, so the image is decorative then.
    const logo = h('img', { class: 'merchant-logo', alt, height: '32' });
    api
      .logo(branding.logo_url)
      .then((blob) => {
        logo.src = URL.createObjectURL(blob);
        brand.prepend(logo);
      })
      // A logo that cannot be read leaves the name alone in the header.
      .catch(() => undefined);
  }
  if (branding.colour && !hostGaveColour) applyTheme({ primaryColor: branding.colour });
  const links = [
    branding.support_url ? outLink(branding.support_url, t('footer.support')) : null,
    branding.privacy_url ? outLink(branding.privacy_url, t('footer.privacy')) : null,
  ].filter((link): link is HTMLAnchorElement => link !== null);
  if (links.length > 0 && !document.querySelector('.merchant-footer')) {
    document.querySelector('.app')?.append(h('footer', { class: 'merchant-footer' }, ...links));
  }
}

/** The consent text's opening and closing words about the merchant; empty without branding. */
export function consentBranding(branding: Branding | null | undefined): {
  lead: string[];
  privacy: (Node | string)[];
} {
  return {
    lead: branding?.display_name
      ? [t('welcome.consent.merchant', { merchant: branding.display_name }), ' ']
      : [],
    privacy: branding?.privacy_url ? [' ', outLink(branding.privacy_url, t('footer.privacy'))] : [],
  };
}

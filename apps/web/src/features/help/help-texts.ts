import { i18n } from '../../lib/i18n';
import en from '../../locales/en/help.json';
import ko from '../../locales/ko/help.json';

// The help manual's texts, added to the catalogs when the help page loads (not with the app).
i18n.addResourceBundle('ko', 'translation', ko, true, false);
i18n.addResourceBundle('en', 'translation', en, true, false);

import { i18n } from '../../lib/i18n';
import en from '../../locales/en/manager.json';
import ko from '../../locales/ko/manager.json';

// This feature's texts, added to the catalogs when its pages load (not with the app), so the
// sign-in page does not carry them.
i18n.addResourceBundle('ko', 'translation', ko, true, false);
i18n.addResourceBundle('en', 'translation', en, true, false);

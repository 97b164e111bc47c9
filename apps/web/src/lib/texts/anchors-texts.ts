import en from '../../locales/en/anchors.json';
import ko from '../../locales/ko/anchors.json';
import { i18n } from '../i18n';

// The anchors texts, added to the catalogs by the components that show them (not with every page's
// common texts: the pages that never show them do not carry them; issue 35's budgets).
i18n.addResourceBundle('ko', 'translation', ko, true, false);
i18n.addResourceBundle('en', 'translation', en, true, false);

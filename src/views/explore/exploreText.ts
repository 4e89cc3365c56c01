import '../../i18n/parts/explore';
import { translator, type Translate } from '../../i18n/LangContext';
import { DEFAULT_LANG } from '../../i18n/lang';

/**
 * The explore area's words (`explore.…`, issue #35): its English part loaded with it; the
 * sentence builders' default language is English (the unit tests read English).
 */
export const ENGLISH: Translate = translator(DEFAULT_LANG);

export { i18n, translate, hasTranslation } from './i18n';
export { createI18nProvider, AVAILABLE_LOCALES } from './i18nProvider';
export { formatDate, formatDateTime } from './dates';
